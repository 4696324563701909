/**
 * One HTTP call from the shop to an outside service (a courier, a payment provider) that answers JSON, with the
 * rules every adapter shares: a timeout on every call, and an unsure failure (the service may have done it) for a
 * timeout, a network error, a 5xx or an answer that is not JSON (an HTML error page), named after the service and
 * carrying its words. What a 2xx or 4xx JSON body means is the adapter's to read.
 */

/** The first words of an answer that is not the JSON the service documents (an HTML error page, say). */
export function gist(text: string): string {
  const plain = text
    .replace(/<(script|style)[\s\S]*?<\/\1>/gi, " ")
    .replace(/<[^>]+>/g, " ")
    .replace(/\s+/g, " ")
    .trim();
  return plain.length > 160 ? `${plain.slice(0, 157)}...` : plain || "(an empty answer)";
}

export interface OutboundCall {
  /** The service's name, which starts every message ("JazzCash", "Leopards Courier"). */
  service: string;
  url: string;
  init: RequestInit;
  timeoutMs: number;
  /** The adapter's error: `unsure` when the service may have done it. */
  fail: (message: string, unsure: boolean) => Error;
  /** What the call was for, in the messages ("the payment status"); nothing when absent. */
  what?: string;
  /** How long the timeout is said: whole seconds (default) or tenths. */
  tenths?: boolean;
  /** The words of a 5xx's JSON body (default: its first words). */
  words?: (body: unknown, text: string) => string;
}

export async function callJson(call: OutboundCall): Promise<{ status: number; body: unknown; text: string }> {
  const { service, timeoutMs, fail } = call;
  const what = call.what ? ` ${call.what}` : "";
  let response: Response;
  let text: string;
  try {
    response = await fetch(call.url, { ...call.init, signal: AbortSignal.timeout(timeoutMs) });
    text = await response.text();
  } catch (error) {
    const timedOut = error instanceof Error && (error.name === "TimeoutError" || error.name === "AbortError");
    const seconds = call.tenths ? Math.round(timeoutMs / 100) / 10 : Math.round(timeoutMs / 1000);
    throw fail(
      timedOut
        ? `${service} did not answer${what} within ${seconds} seconds.`
        : `${service} could not be reached${call.what ? ` for ${call.what}` : ""} (${error instanceof Error ? error.message : String(error)}).`,
      true,
    );
  }
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    throw fail(`${service} answered${what} ${response.status} without JSON: ${gist(text)}`, true);
  }
  if (response.status >= 500) {
    const words = call.words ? call.words(body, text) : gist(JSON.stringify(body));
    throw fail(`${service} answered${what} ${response.status}: ${words}`, true);
  }
  return { status: response.status, body, text };
}
