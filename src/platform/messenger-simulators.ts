import { randomBytes } from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { DEFAULT_WHATSAPP_API_URL } from "./config.ts";

/**
 * Local stand-ins for the messaging providers (docs/decisions/0044-messages.md): HTTP servers that speak Twilio's
 * Programmable Messaging API and the WhatsApp Business Cloud API as documented (see messenger-sms.ts and
 * messenger-whatsapp.ts for the documents): they check the credentials and the fields as the real ones do and answer
 * with the documented success and error JSON. Tests and `npm run messages:simulator` use them; nothing here is ever
 * pointed at a real service.
 *
 * Switches, for the failures the shop must survive: `mode` "fail" answers 503 with the provider's error JSON,
 * "hang" never answers, "html" answers a proxy's HTML error page; `received` lists every request.
 */

export type SimulatorMode = "ok" | "fail" | "hang" | "html";

export interface ReceivedRequest {
  method: string;
  path: string;
  headers: http.IncomingHttpHeaders;
  /** The body as the provider reads it: the form's fields (Twilio) or the JSON (WhatsApp). */
  body: unknown;
  /** What the simulator answered (0: nothing, in "hang" mode). */
  status: number;
}

export interface ProviderSimulator {
  /** The base URL to configure the shop with (SMS_API_URL, WHATSAPP_API_URL). */
  url: string;
  mode: SimulatorMode;
  received: ReceivedRequest[];
  close(): Promise<void>;
}

type Answer = { status: number; json: unknown };

/** What a proxy in front of a provider answers when the provider is down. */
const BAD_GATEWAY =
  "<html><head><title>502 Bad Gateway</title></head><body><h1>502 Bad Gateway</h1></body></html>";

/** A simulator: records each request, applies the switches, otherwise answers what `handle` says. */
async function startSimulator(
  port: number,
  handle: (request: http.IncomingMessage, raw: string) => Answer & { body: unknown },
  failure: () => unknown,
  basePath = "",
): Promise<ProviderSimulator> {
  const simulator: ProviderSimulator = { url: "", mode: "ok", received: [], close: async () => {} };
  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      const raw = Buffer.concat(chunks).toString("utf8");
      const answer = handle(request, raw);
      const reply =
        simulator.mode === "hang"
          ? undefined
          : simulator.mode === "html"
            ? { status: 502, html: BAD_GATEWAY }
            : simulator.mode === "fail"
              ? { status: 503, json: failure() }
              : answer;
      simulator.received.push({
        method: request.method ?? "",
        path: request.url ?? "",
        headers: request.headers,
        body: answer.body,
        status: reply?.status ?? 0,
      });
      if (!reply) return;
      if ("html" in reply) {
        response.writeHead(reply.status, { "content-type": "text/html" });
        response.end(reply.html);
        return;
      }
      response.writeHead(reply.status, { "content-type": "application/json" });
      response.end(JSON.stringify(reply.json));
    });
  });
  await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve));
  simulator.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}${basePath}`;
  simulator.close = () =>
    new Promise((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    });
  return simulator;
}

const E164 = /^\+[1-9]\d{6,14}$/;

/** Twilio's error JSON (https://www.twilio.com/docs/usage/twilios-response). */
function twilioError(status: number, code: number, message: string): Answer {
  return {
    status,
    json: { code, message, more_info: `https://www.twilio.com/docs/errors/${code}`, status },
  };
}

/**
 * Twilio's `POST /2010-04-01/Accounts/{AccountSid}/Messages.json`: Basic auth with the SID and token, a
 * form-encoded To, From (or MessagingServiceSid) and Body; 201 with the Message resource, or Twilio's error JSON.
 */
export function startTwilioSimulator(
  options: { accountSid?: string; authToken?: string; port?: number } = {},
): Promise<ProviderSimulator & { accountSid: string; authToken: string }> {
  const accountSid = options.accountSid ?? `AC${"0".repeat(32)}`;
  const authToken = options.authToken ?? "simulated-auth-token";
  const expected = `Basic ${Buffer.from(`${accountSid}:${authToken}`).toString("base64")}`;
  const handle = (request: http.IncomingMessage, raw: string) => {
    const form = Object.fromEntries(new URLSearchParams(raw));
    const answer = (): Answer => {
      const path = request.url ?? "";
      const match = /^\/2010-04-01\/Accounts\/([^/]+)\/Messages\.json$/.exec(path);
      if (request.method !== "POST" || !match) {
        return twilioError(404, 20404, `The requested resource ${path} was not found`);
      }
      if (request.headers.authorization !== expected || match[1] !== accountSid) {
        return twilioError(401, 20003, "Authenticate");
      }
      if (!request.headers["content-type"]?.startsWith("application/x-www-form-urlencoded")) {
        return twilioError(400, 20001, "Content-Type must be application/x-www-form-urlencoded");
      }
      if (!form.To) return twilioError(400, 21604, "A 'To' phone number is required.");
      if (!E164.test(form.To)) return twilioError(400, 21211, `Invalid 'To' Phone Number: ${form.To}`);
      if (!form.From && !form.MessagingServiceSid) {
        return twilioError(400, 21603, "A 'From' phone number is required.");
      }
      if (!form.Body) return twilioError(400, 21602, "Message body is required.");
      if (form.Body.length > 1600) {
        return twilioError(400, 21617, "The concatenated message body exceeds the 1600 character limit.");
      }
      const sid = `SM${randomBytes(16).toString("hex")}`;
      return {
        status: 201,
        json: {
          sid,
          account_sid: accountSid,
          to: form.To,
          from: form.From ?? null,
          messaging_service_sid: form.MessagingServiceSid ?? null,
          body: form.Body,
          status: form.MessagingServiceSid ? "accepted" : "queued",
          num_segments: String(Math.ceil(form.Body.length / 153)),
          direction: "outbound-api",
          api_version: "2010-04-01",
          date_created: new Date().toUTCString().replace("GMT", "+0000"),
          date_sent: null,
          price: null,
          error_code: null,
          error_message: null,
          uri: `/2010-04-01/Accounts/${accountSid}/Messages/${sid}.json`,
        },
      };
    };
    return { ...answer(), body: form };
  };
  return startSimulator(
    options.port ?? 0,
    handle,
    () => twilioError(503, 20503, "Service Unavailable").json,
  ).then((simulator) => Object.assign(simulator, { accountSid, authToken }));
}

/** The Graph API's error JSON (https://developers.facebook.com/docs/whatsapp/cloud-api/support/error-codes). */
function graphError(
  status: number,
  code: number,
  message: string,
  extra: { type?: string; details?: string; subcode?: number } = {},
): Answer {
  return {
    status,
    json: {
      error: {
        message,
        type: extra.type ?? "OAuthException",
        code,
        ...(extra.subcode ? { error_subcode: extra.subcode } : {}),
        ...(extra.details ? { error_data: { messaging_product: "whatsapp", details: extra.details } } : {}),
        fbtrace_id: randomBytes(12).toString("base64url"),
      },
    },
  };
}

/**
 * The Cloud API's `POST /{version}/{phone-number-id}/messages` for template messages: a Bearer token, the
 * documented JSON body, and (when `templates` is given) an approved template by that name with that many body
 * parameters; 200 with `{ messaging_product, contacts, messages: [{ id }] }`, or the Graph API's error JSON.
 */
export function startWhatsappSimulator(
  options: {
    token?: string;
    phoneNumberId?: string;
    /** Approved templates: name → number of body parameters. Unset: any name and count is accepted. */
    templates?: Record<string, number>;
    port?: number;
  } = {},
): Promise<ProviderSimulator & { token: string; phoneNumberId: string }> {
  const token = options.token ?? "simulated-whatsapp-token";
  const phoneNumberId = options.phoneNumberId ?? "106540352242922";
  const version = new URL(DEFAULT_WHATSAPP_API_URL).pathname;
  const handle = (request: http.IncomingMessage, raw: string) => {
    let body: unknown;
    try {
      body = JSON.parse(raw);
    } catch {
      body = raw;
    }
    const answer = (): Answer => {
      const path = request.url ?? "";
      const match = new RegExp(`^${version}/([^/]+)/messages$`).exec(path);
      if (request.method !== "POST" || !match) {
        return graphError(400, 100, `Unknown path components: ${path}`);
      }
      if (request.headers.authorization !== `Bearer ${token}`) {
        return graphError(401, 190, "Invalid OAuth access token - Cannot parse access token");
      }
      if (match[1] !== phoneNumberId) {
        return graphError(
          400,
          100,
          `Unsupported post request. Object with ID '${match[1]}' does not exist, cannot be loaded due to missing permissions, or does not support this operation.`,
          { type: "GraphMethodException", subcode: 33 },
        );
      }
      const message = (typeof body === "object" && body !== null ? body : {}) as Record<string, unknown>;
      const template = (message.template ?? {}) as {
        name?: unknown;
        language?: { code?: unknown };
        components?: { type?: unknown; parameters?: { type?: unknown; text?: unknown }[] }[];
      };
      const required = (name: string) => graphError(400, 100, `(#100) The parameter ${name} is required.`);
      if (message.messaging_product !== "whatsapp") return required("messaging_product");
      if (typeof message.to !== "string" || message.to === "") return required("to");
      if (!/^\+?\d{8,15}$/.test(message.to)) {
        return graphError(400, 131009, "(#131009) Parameter value is not valid", {
          details: `Recipient phone number ${message.to} is not a valid phone number`,
        });
      }
      if (message.type !== "template") {
        return graphError(
          400,
          100,
          "(#100) This simulator sends template messages only: type must be template",
        );
      }
      if (typeof template.name !== "string" || template.name === "") return required("template['name']");
      if (typeof template.language?.code !== "string") return required("template['language']['code']");
      const parameters = (template.components ?? [])
        .filter((component) => component.type === "body")
        .flatMap((component) => component.parameters ?? []);
      if (parameters.some((parameter) => parameter.type !== "text" || typeof parameter.text !== "string")) {
        return graphError(400, 131008, "(#131008) Required parameter is missing", {
          details: "body parameters of type text need a text",
        });
      }
      const expected = options.templates?.[template.name];
      if (options.templates && expected === undefined) {
        return graphError(404, 132001, "(#132001) Template name does not exist in the translation", {
          details: `template name (${template.name}) does not exist in ${template.language.code}`,
        });
      }
      if (expected !== undefined && expected !== parameters.length) {
        return graphError(
          400,
          132000,
          "(#132000) Number of parameters does not match the expected number of params",
          {
            details: `body: number of localizable_params (${parameters.length}) does not match the expected number of params (${expected})`,
          },
        );
      }
      const to = message.to.replace(/^\+/, "");
      return {
        status: 200,
        json: {
          messaging_product: "whatsapp",
          contacts: [{ input: message.to, wa_id: to }],
          messages: [{ id: `wamid.${randomBytes(24).toString("base64url")}`, message_status: "accepted" }],
        },
      };
    };
    return { ...answer(), body };
  };
  return startSimulator(
    options.port ?? 0,
    handle,
    () =>
      graphError(503, 131000, "(#131000) Something went wrong", {
        details: "Message failed to send because of an unknown error. Try again later.",
      }).json,
    version,
  ).then((simulator) => Object.assign(simulator, { token, phoneNumberId }));
}
