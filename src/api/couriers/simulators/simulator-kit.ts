import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { SIGNATURE_HEADER, signPush } from "../webhook.ts";

/**
 * What both couriers' simulators share (docs/decisions/0045-couriers.md): a node:http server, the parcels it has
 * booked with their scripted timeline, a switch that makes the next answers fail (a 5xx, no answer, an HTML
 * page, or booking and then not answering), a way to move a parcel to its next status or a chosen one (a function,
 * and `POST /_simulator/advance`), and the signed push to the shop's webhook on every move.
 */

export const FAILURE_MODES = ["none", "5xx", "timeout", "html", "book-then-timeout"] as const;
export type FailureMode = (typeof FAILURE_MODES)[number];

export interface SimulatedParcel {
  consignmentNumber: string;
  reference: string;
  fields: Record<string, unknown>;
  /** The courier's statuses so far, oldest first. */
  history: { status: string; at: Date }[];
  cancelled: boolean;
  bookedAt: Date;
}

export interface Answer {
  status: number;
  json: unknown;
}

export interface SimulatorRequest {
  method: string;
  url: URL;
  headers: IncomingMessage["headers"];
  /** The parsed JSON body; undefined without one. */
  body: unknown;
}

export interface Timeline {
  /** The courier's statuses from booking to delivery. */
  forward: readonly string[];
  /** From the refusal back to the shop. */
  back: readonly string[];
}

export interface PushTarget {
  url: string;
  secret: string;
}

export interface Simulator {
  /** Where the courier's API answers (the base its adapter is given). */
  url: string;
  parcels: Map<string, SimulatedParcel>;
  /** The next `times` answers fail this way. */
  fail(mode: FailureMode, times?: number): void;
  /** Moves a parcel to its next status (or to `to`, a status of the courier's), pushing it; answers the status. */
  advance(consignmentNumber: string, to?: string): Promise<string>;
  /** The status of the last push's answer from the shop (401 for a bad signature, say). */
  lastPushStatus: number | null;
  close(): Promise<void>;
}

export interface SimulatorSpec {
  /** The path the API sits under ("/api" for Leopards). */
  basePath: string;
  timeline: Timeline;
  /** Answers one call of the courier's API (already under basePath, failures already applied). */
  handle(request: SimulatorRequest, path: string, core: SimulatorCore): Answer | Promise<Answer>;
  /** The body the courier pushes for a parcel's newest status. */
  pushBody(parcel: SimulatedParcel): unknown;
  push?: PushTarget | undefined;
  port?: number;
  host?: string;
}

export interface SimulatorCore {
  parcels: Map<string, SimulatedParcel>;
  /** A new consignment number's digits: distinct across simulators, as a real courier's never repeat. */
  nextNumber(): number;
  book(consignmentNumber: string, reference: string, fields: Record<string, unknown>): SimulatedParcel;
}

const HTML_PAGE =
  "<!DOCTYPE html><html><head><title>502 Bad Gateway</title></head><body><h1>Bad Gateway</h1>" +
  "<p>The server is temporarily unable to service your request. Please try again later.</p></body></html>";

async function readBody(request: IncomingMessage): Promise<unknown> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  const text = Buffer.concat(chunks).toString("utf8");
  if (!text) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

function send(response: ServerResponse, status: number, body: string, type: string) {
  response.writeHead(status, { "content-type": type });
  response.end(body);
}

export async function startSimulator(spec: SimulatorSpec): Promise<Simulator> {
  const parcels = new Map<string, SimulatedParcel>();
  const held = new Set<ServerResponse>();
  let failure: { mode: FailureMode; times: number } = { mode: "none", times: 0 };

  let last = 100_000_000 + Math.floor(Math.random() * 800_000_000);
  const core: SimulatorCore = {
    parcels,
    nextNumber: () => {
      last += 1;
      return last;
    },
    book(consignmentNumber, reference, fields) {
      const now = new Date();
      const parcel: SimulatedParcel = {
        consignmentNumber,
        reference,
        fields,
        history: [{ status: spec.timeline.forward[0]!, at: now }],
        cancelled: false,
        bookedAt: now,
      };
      parcels.set(consignmentNumber, parcel);
      return parcel;
    },
  };

  function nextStatus(parcel: SimulatedParcel): string | undefined {
    const current = parcel.history.at(-1)!.status;
    const { forward, back } = spec.timeline;
    const line = back.includes(current) ? back : forward;
    return line[line.indexOf(current) + 1];
  }

  const simulator: Simulator = {
    url: "",
    parcels,
    lastPushStatus: null,
    fail(mode, times = 1) {
      failure = { mode, times: mode === "none" ? 0 : times };
    },
    async advance(consignmentNumber, to) {
      const parcel = parcels.get(consignmentNumber);
      if (!parcel) throw new Error(`No parcel ${consignmentNumber} in this simulator.`);
      const status = to ?? nextStatus(parcel);
      if (!status)
        throw new Error(`Parcel ${consignmentNumber} has no status after ${parcel.history.at(-1)!.status}.`);
      // One second after the last, at least: the shop stores one event per status and moment.
      const last = parcel.history.at(-1)!.at.getTime();
      parcel.history.push({ status, at: new Date(Math.max(Date.now(), last + 1000)) });
      if (spec.push) {
        const body = JSON.stringify(spec.pushBody(parcel));
        try {
          const answer = await fetch(spec.push.url, {
            method: "POST",
            headers: {
              "content-type": "application/json",
              [SIGNATURE_HEADER]: signPush(spec.push.secret, body),
            },
            body,
            signal: AbortSignal.timeout(5000),
          });
          simulator.lastPushStatus = answer.status;
        } catch {
          simulator.lastPushStatus = null;
        }
      }
      return status;
    },
    async close() {
      for (const response of held) response.destroy();
      held.clear();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };

  const server = createServer(async (request, response) => {
    const url = new URL(request.url ?? "/", "http://simulator");
    const body = await readBody(request);
    if (url.pathname === "/_simulator/advance" && request.method === "POST") {
      const fields = (body ?? {}) as { consignment_number?: string; to?: string };
      try {
        const status = await simulator.advance(String(fields.consignment_number), fields.to);
        return send(response, 200, JSON.stringify({ status }), "application/json");
      } catch (error) {
        return send(response, 404, JSON.stringify({ message: (error as Error).message }), "application/json");
      }
    }
    if (url.pathname === "/_simulator/failure" && request.method === "POST") {
      const fields = (body ?? {}) as { mode?: FailureMode; times?: number };
      const mode = FAILURE_MODES.includes(fields.mode as FailureMode) ? (fields.mode as FailureMode) : "none";
      simulator.fail(mode, fields.times ?? 1);
      return send(response, 200, JSON.stringify({ mode }), "application/json");
    }
    if (!url.pathname.startsWith(`${spec.basePath}/`)) return send(response, 404, "Not found", "text/plain");

    const mode = failure.times > 0 ? failure.mode : "none";
    if (mode !== "none") failure.times -= 1;
    if (mode === "5xx")
      return send(response, 503, JSON.stringify({ message: "Service Unavailable" }), "application/json");
    if (mode === "html") return send(response, 200, HTML_PAGE, "text/html");
    if (mode === "timeout") {
      held.add(response);
      return;
    }
    const answer = await spec.handle(
      { method: request.method ?? "GET", url, headers: request.headers, body },
      url.pathname.slice(spec.basePath.length + 1),
      core,
    );
    if (mode === "book-then-timeout") {
      held.add(response);
      return;
    }
    send(response, answer.status, JSON.stringify(answer.json), "application/json");
  });

  await new Promise<void>((resolve) => server.listen(spec.port ?? 0, spec.host ?? "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  simulator.url = `http://${spec.host ?? "127.0.0.1"}:${port}${spec.basePath}`;
  return simulator;
}

/** A moment as Pakistan's wall clock: { day: "2026-11-28", time: "14:05:09" }. */
export function pakistanClock(at: Date): { day: string; time: string } {
  const local = new Date(at.getTime() + 5 * 60 * 60 * 1000).toISOString();
  return { day: local.slice(0, 10), time: local.slice(11, 19) };
}
