import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

/**
 * What every payment provider's simulator shares (docs/decisions/0053-online-payments.md): a node:http server, the
 * payments it has seen, the hosted page where a test or a person chooses what happens, a switch that makes the
 * next API answers fail, and control routes:
 *
 * - `POST /_simulator/notify` `{"reference": "…"}`: (re)sends the provider's notification for a payment, signed
 *   (a late notification after "Pay without returning", or a duplicate);
 * - `POST /_simulator/failure` `{"mode": "5xx" | "timeout" | "html", "times": 1}`: the next API answers fail;
 * - `GET /_simulator/payments`: every payment, as JSON.
 *
 * Each provider's simulator (jazzcash-simulator.ts…) speaks its provider's protocol through `handle` and the
 * outcome of its hosted page through `HOSTED_PAGE_OUTCOMES`.
 */

/** What the person on the hosted page can choose, with the buttons' names (tests press them by name). */
export const HOSTED_PAGE_OUTCOMES = {
  paid: "Pay",
  failed: "Fail payment",
  cancelled: "Cancel payment",
  /** Paid at the provider, but neither the browser return nor the notification is sent (until /_simulator/notify). */
  "no-callback": "Pay without returning",
} as const;
export type HostedPageOutcome = keyof typeof HOSTED_PAGE_OUTCOMES;

export const API_FAILURE_MODES = ["none", "5xx", "timeout", "html"] as const;
export type ApiFailureMode = (typeof API_FAILURE_MODES)[number];

export interface SimulatedPayment {
  /** The shop's reference (pp_TxnRefNo, orderRefNum, the Safepay order id…). */
  reference: string;
  /** Paisa. */
  amount: number;
  status: "started" | "paid" | "failed" | "cancelled";
  /** The provider's transaction id, once one exists. */
  providerReference: string | null;
  /** Paisa refunded so far. */
  refunded: number;
  /** What the shop sent when it started the payment, as the provider received it. */
  fields: Record<string, string>;
  returnUrl: string;
  notifyUrl: string | null;
  startedAt: Date;
}

export interface SimulatorHttpRequest {
  method: string;
  url: URL;
  headers: IncomingMessage["headers"];
  rawBody: string;
  /** The body as fields: a urlencoded form's, or a JSON object's values as text; {} otherwise. */
  form: Record<string, string>;
}

export interface SimulatorAnswer {
  status: number;
  contentType: string;
  body: string;
  headers?: Record<string, string>;
}

export interface PaymentSimulatorSpec {
  /** Paths under which the provider's API answers (failure modes apply to these only, not to the hosted page). */
  apiPaths: readonly string[];
  /** Answers one request (the hosted page, its outcome form, the API). */
  handle(
    request: SimulatorHttpRequest,
    core: PaymentSimulatorCore,
  ): SimulatorAnswer | Promise<SimulatorAnswer>;
  /** Sends the provider's notification for a payment to its notifyUrl; answers the shop's HTTP status. */
  notify(payment: SimulatedPayment, core: PaymentSimulatorCore): Promise<number | null>;
  port?: number;
  host?: string;
}

export interface PaymentSimulatorCore {
  payments: Map<string, SimulatedPayment>;
  /** The simulator's own base URL (for links on its pages). */
  url: string;
  /** A new provider transaction id's digits. */
  nextNumber(): number;
}

export interface PaymentSimulator {
  url: string;
  payments: Map<string, SimulatedPayment>;
  /** The next `times` API answers fail this way. */
  fail(mode: ApiFailureMode, times?: number): void;
  /** Sends (again) the notification for a payment; answers the shop's HTTP status (null: no answer). */
  notify(reference: string): Promise<number | null>;
  close(): Promise<void>;
}

const HTML_ERROR =
  "<!DOCTYPE html><html><head><title>502 Bad Gateway</title></head><body><h1>Bad Gateway</h1>" +
  "<p>The server is temporarily unable to service your request. Please try again later.</p></body></html>";

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** A page whose form posts `fields` to `action` as soon as it loads (and has a button without JavaScript). */
export function autoPostPage(
  action: string,
  fields: Record<string, string>,
  title = "Returning to the shop",
): string {
  const inputs = Object.entries(fields)
    .map(([name, value]) => `<input type="hidden" name="${escapeHtml(name)}" value="${escapeHtml(value)}">`)
    .join("");
  return (
    `<!DOCTYPE html><html><head><meta charset="utf-8"><title>${escapeHtml(title)}</title></head><body>` +
    `<form id="f" method="post" action="${escapeHtml(action)}">${inputs}<button type="submit">Continue</button></form>` +
    `<script>document.getElementById("f").submit()</script></body></html>`
  );
}

/**
 * The hosted page: the provider's name, the amount, and one button per outcome, posting `outcome` with `hidden`
 * to `action` (the simulator's own route).
 */
export function hostedPage(input: {
  provider: string;
  amount: number;
  reference: string;
  action: string;
  hidden: Record<string, string>;
}): string {
  const rupees = (input.amount / 100).toLocaleString("en-PK", { minimumFractionDigits: 2 });
  const inputs = Object.entries(input.hidden)
    .map(([name, value]) => `<input type="hidden" name="${escapeHtml(name)}" value="${escapeHtml(value)}">`)
    .join("");
  const buttons = Object.entries(HOSTED_PAGE_OUTCOMES)
    .map(([value, label]) => `<button type="submit" name="outcome" value="${value}">${label}</button>`)
    .join(" ");
  return (
    `<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width">` +
    `<title>${escapeHtml(input.provider)} (simulator)</title>` +
    `<style>body{font-family:system-ui,sans-serif;max-width:32rem;margin:2rem auto;padding:0 1rem}` +
    `button{display:block;width:100%;margin:.5rem 0;padding:.75rem;font-size:1rem}</style></head><body>` +
    `<h1>${escapeHtml(input.provider)} test payment</h1>` +
    `<p>This is a local simulator: no money moves.</p>` +
    `<p>Reference <strong>${escapeHtml(input.reference)}</strong>, amount <strong>PKR ${rupees}</strong></p>` +
    `<form method="post" action="${escapeHtml(input.action)}">${inputs}${buttons}</form></body></html>`
  );
}

export function html(body: string, status = 200): SimulatorAnswer {
  return { status, contentType: "text/html; charset=utf-8", body };
}

export function json(value: unknown, status = 200): SimulatorAnswer {
  return { status, contentType: "application/json", body: JSON.stringify(value) };
}

export function redirect(location: string): SimulatorAnswer {
  return { status: 302, contentType: "text/plain", body: "", headers: { location } };
}

async function readRaw(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString("utf8");
}

function formOf(rawBody: string, contentType: string | undefined): Record<string, string> {
  if (!rawBody) return {};
  if (contentType?.includes("application/json")) {
    try {
      const value = JSON.parse(rawBody) as unknown;
      if (value && typeof value === "object" && !Array.isArray(value)) {
        return Object.fromEntries(
          Object.entries(value as Record<string, unknown>).map(([k, v]) => [
            k,
            typeof v === "string" ? v : JSON.stringify(v),
          ]),
        );
      }
    } catch {
      return {};
    }
    return {};
  }
  return Object.fromEntries(new URLSearchParams(rawBody));
}

function send(response: ServerResponse, answer: SimulatorAnswer) {
  response.writeHead(answer.status, { "content-type": answer.contentType, ...answer.headers });
  response.end(answer.body);
}

export async function startPaymentSimulator(spec: PaymentSimulatorSpec): Promise<PaymentSimulator> {
  const payments = new Map<string, SimulatedPayment>();
  const held = new Set<ServerResponse>();
  let failure: { mode: ApiFailureMode; times: number } = { mode: "none", times: 0 };
  let last = 100_000_000 + Math.floor(Math.random() * 800_000_000);
  const core: PaymentSimulatorCore = {
    payments,
    url: "",
    nextNumber: () => {
      last += 1;
      return last;
    },
  };

  const simulator: PaymentSimulator = {
    url: "",
    payments,
    fail(mode, times = 1) {
      failure = { mode, times: mode === "none" ? 0 : times };
    },
    async notify(reference) {
      const payment = payments.get(reference);
      if (!payment) throw new Error(`No payment ${reference} in this simulator.`);
      return spec.notify(payment, core);
    },
    async close() {
      for (const response of held) response.destroy();
      held.clear();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };

  const server = createServer(async (request, response) => {
    try {
      const url = new URL(request.url ?? "/", "http://simulator");
      const rawBody = await readRaw(request);
      const form = formOf(rawBody, request.headers["content-type"]);
      if (url.pathname === "/_simulator/payments" && request.method === "GET") {
        return send(response, json([...payments.values()]));
      }
      if (url.pathname === "/_simulator/notify" && request.method === "POST") {
        try {
          const status = await simulator.notify(String(form.reference));
          return send(response, json({ status }));
        } catch (error) {
          return send(response, json({ message: (error as Error).message }, 404));
        }
      }
      if (url.pathname === "/_simulator/failure" && request.method === "POST") {
        const mode = API_FAILURE_MODES.includes(form.mode as ApiFailureMode)
          ? (form.mode as ApiFailureMode)
          : "none";
        simulator.fail(mode, Number(form.times ?? 1) || 1);
        return send(response, json({ mode }));
      }
      if (spec.apiPaths.some((path) => url.pathname.startsWith(path))) {
        const mode = failure.times > 0 ? failure.mode : "none";
        if (mode !== "none") failure.times -= 1;
        if (mode === "5xx") return send(response, json({ message: "Service Unavailable" }, 503));
        if (mode === "html") return send(response, html(HTML_ERROR));
        if (mode === "timeout") {
          held.add(response);
          return;
        }
      }
      const answer = await spec.handle(
        { method: request.method ?? "GET", url, headers: request.headers, rawBody, form },
        core,
      );
      send(response, answer);
    } catch (error) {
      send(response, json({ message: (error as Error).message }, 500));
    }
  });

  await new Promise<void>((resolve) => server.listen(spec.port ?? 0, spec.host ?? "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  simulator.url = `http://${spec.host ?? "127.0.0.1"}:${port}`;
  core.url = simulator.url;
  return simulator;
}
