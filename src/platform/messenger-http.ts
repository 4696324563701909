/**
 * One call to a messaging provider's HTTP API, with the rules every adapter keeps (docs/decisions/0044-messages.md):
 * a timeout on every call, and an Error whose message is in the provider's own words, or says plainly what came
 * back instead (no answer in time, an HTML page, text that is not JSON), so the outbox records it as `last_error`.
 */

/** How long one call may take when the caller gives no shorter signal. */
export const PROVIDER_TIMEOUT_MS = 15_000;

export interface ProviderAnswer {
  status: number;
  ok: boolean;
  /** The answer's JSON. */
  body: unknown;
}

export async function callProvider(
  provider: string,
  url: string,
  init: { method: "POST"; headers: Record<string, string>; body: string },
  options: { signal?: AbortSignal | undefined; timeoutMs?: number } = {},
): Promise<ProviderAnswer> {
  const timeoutMs = options.timeoutMs ?? PROVIDER_TIMEOUT_MS;
  const timeout = AbortSignal.timeout(timeoutMs);
  const signal = options.signal ? AbortSignal.any([options.signal, timeout]) : timeout;
  const noAnswer = () => new Error(`${provider} gave no answer within ${timeoutMs} ms.`);
  let response: Response;
  let text: string;
  try {
    response = await fetch(url, { ...init, signal });
    text = await response.text();
  } catch (error) {
    if (timeout.aborted) throw noAnswer();
    if (options.signal?.aborted)
      throw new Error(`The call to ${provider} was cut short (the send timed out).`);
    const cause =
      error instanceof Error && error.cause instanceof Error ? error.cause.message : String(error);
    throw new Error(`${provider} could not be reached: ${cause}`);
  }
  try {
    return { status: response.status, ok: response.ok, body: JSON.parse(text) as unknown };
  } catch {
    throw new Error(
      `${provider} answered HTTP ${response.status} with ${describeNonJson(response, text)}, not its JSON.`,
    );
  }
}

/** "an HTML page: 502 Bad Gateway", "text: upstream connect error": what came back, briefly. */
function describeNonJson(response: Response, text: string): string {
  const html = /html/i.test(response.headers.get("content-type") ?? "") || /^\s*</.test(text);
  const words = (html ? text.replace(/<(script|style)[\s\S]*?<\/\1>/gi, " ").replace(/<[^>]*>/g, " ") : text)
    .replace(/\s+/g, " ")
    .trim()
    .slice(0, 160);
  const kind = html ? "an HTML page" : "text";
  return words ? `${kind}: ${words}` : `an empty ${html ? "HTML page" : "answer"}`;
}

/** The object at `key` of a JSON answer, if it is one. */
export function field(value: unknown, key: string): unknown {
  return value !== null && typeof value === "object" ? (value as Record<string, unknown>)[key] : undefined;
}

/** The Error for a provider's refusal, in its own words ("Twilio refused the message (HTTP 400, error 21211): …"). */
export function refusal(
  provider: string,
  answer: ProviderAnswer,
  said: { message: unknown; code: unknown; details?: unknown },
): Error {
  const words = typeof said.message === "string" ? said.message : JSON.stringify(answer.body);
  const code = typeof said.code === "number" || typeof said.code === "string" ? `, error ${said.code}` : "";
  const details = typeof said.details === "string" && said.details !== words ? ` (${said.details})` : "";
  return new Error(`${provider} refused the message (HTTP ${answer.status}${code}): ${words}${details}`);
}

/** The Error for a success that lacks the message's id. */
export function missingId(provider: string, answer: ProviderAnswer): Error {
  return new Error(
    `${provider} answered HTTP ${answer.status} without a message id: ${JSON.stringify(answer.body)}`,
  );
}
