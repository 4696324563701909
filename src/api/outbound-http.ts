import { lookup as dnsLookup, type LookupAddress } from "node:dns";
import { get as httpGet, type IncomingMessage } from "node:http";
import { get as httpsGet } from "node:https";
import { BlockList, isIP, type LookupFunction } from "node:net";

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

/** Addresses no download from an owner's file may reach: this machine, its networks, link-local, multicast. */
const PRIVATE_NETWORKS = (() => {
  const list = new BlockList();
  for (const [prefix, bits] of [
    ["0.0.0.0", 8],
    ["10.0.0.0", 8],
    ["100.64.0.0", 10],
    ["127.0.0.0", 8],
    ["169.254.0.0", 16],
    ["172.16.0.0", 12],
    ["192.0.0.0", 24],
    ["192.168.0.0", 16],
    ["198.18.0.0", 15],
    ["224.0.0.0", 4],
    ["240.0.0.0", 4],
  ] as const) {
    list.addSubnet(prefix, bits, "ipv4");
  }
  for (const [prefix, bits] of [
    ["::", 128],
    ["::1", 128],
    ["fc00::", 7],
    ["fe80::", 10],
    ["ff00::", 8],
    ["64:ff9b::", 96],
  ] as const) {
    list.addSubnet(prefix, bits, "ipv6");
  }
  return list;
})();

/** True for a loopback, private, link-local, multicast or unspecified address (an IPv4-mapped one too). */
export function isPrivateAddress(address: string): boolean {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped) return isPrivateAddress(mapped[1]!);
  const family = isIP(address);
  if (family === 0) return true;
  return PRIVATE_NETWORKS.check(address, family === 4 ? "ipv4" : "ipv6");
}

/** Why a download was refused or failed: said on the import's row. */
export class DownloadFailed extends Error {
  override name = "DownloadFailed";
}

export interface DownloadLimits {
  maxBytes: number;
  timeoutMs: number;
  /** Tests only (IMPORT_IMAGE_PRIVATE_HOSTS=allow): loopback and private addresses may be reached. */
  allowPrivate: boolean;
  /** Redirects followed, each checked like the first address. */
  maxRedirects?: number;
}

/**
 * Downloads an http(s) URL named in an owner's file (a product photo of a Shopify export) with the limits a
 * server fetching URLs it was given needs: every address the name resolves to is checked at connection time
 * (not before, so a name cannot change its answer in between) and a private, loopback or link-local one refuses
 * the download, as does a literal one; at most `maxBytes` are read, within `timeoutMs` for the whole download,
 * redirects followed a few times and checked the same way. Throws `DownloadFailed` saying why.
 */
export async function downloadPublic(url: string, limits: DownloadLimits, redirects = 0): Promise<Buffer> {
  let target: URL;
  try {
    target = new URL(url);
  } catch {
    throw new DownloadFailed("it is not a URL");
  }
  if (target.protocol !== "http:" && target.protocol !== "https:") {
    throw new DownloadFailed("only http and https addresses are downloaded");
  }
  const literal = target.hostname.replace(/^\[|\]$/g, "");
  if (isIP(literal) !== 0 && !limits.allowPrivate && isPrivateAddress(literal)) {
    throw new DownloadFailed(`${literal} is a private or local address`);
  }
  const guardedLookup: LookupFunction = (hostname, options, callback) => {
    dnsLookup(hostname, { ...options, all: true }, (error, addresses) => {
      if (error) return callback(error, "", 0);
      const list = addresses as LookupAddress[];
      const refused = limits.allowPrivate ? undefined : list.find((entry) => isPrivateAddress(entry.address));
      if (refused) {
        return callback(
          Object.assign(new Error(`${hostname} resolves to ${refused.address}, a private or local address`), {
            code: "EPRIVATE",
          }),
          "",
          0,
        );
      }
      if (options.all) return callback(null, list);
      const first = list[0];
      if (!first) return callback(new Error(`${hostname} has no address`), "", 0);
      return callback(null, first.address, first.family);
    });
  };
  const get = target.protocol === "https:" ? httpsGet : httpGet;
  const signal = AbortSignal.timeout(limits.timeoutMs);
  const response = await new Promise<IncomingMessage>((resolve, reject) => {
    const request = get(target, { lookup: guardedLookup, signal, headers: { accept: "image/*" } }, resolve);
    request.on("error", reject);
  }).catch((error: unknown) => {
    const code = (error as { code?: string }).code;
    if (code === "EPRIVATE") throw new DownloadFailed((error as Error).message);
    if (signal.aborted)
      throw new DownloadFailed(`no answer within ${Math.round(limits.timeoutMs / 1000)} seconds`);
    throw new DownloadFailed(
      `could not be reached (${error instanceof Error ? error.message : String(error)})`,
    );
  });
  const status = response.statusCode ?? 0;
  if (status >= 300 && status < 400 && response.headers.location) {
    response.resume();
    if (redirects >= (limits.maxRedirects ?? 3)) throw new DownloadFailed("too many redirects");
    return downloadPublic(new URL(response.headers.location, target).href, limits, redirects + 1);
  }
  if (status !== 200) {
    response.resume();
    throw new DownloadFailed(`the server answered ${status}`);
  }
  const declared = Number(response.headers["content-length"] ?? 0);
  const megabytes = `${Math.round(limits.maxBytes / 1024 / 1024)} MB`;
  if (declared > limits.maxBytes) {
    response.destroy();
    throw new DownloadFailed(`it is larger than ${megabytes}`);
  }
  const chunks: Buffer[] = [];
  let size = 0;
  try {
    for await (const chunk of response) {
      size += (chunk as Buffer).length;
      if (size > limits.maxBytes) {
        response.destroy();
        throw new DownloadFailed(`it is larger than ${megabytes}`);
      }
      chunks.push(chunk as Buffer);
    }
  } catch (error) {
    if (error instanceof DownloadFailed) throw error;
    throw new DownloadFailed(
      signal.aborted
        ? `no answer within ${Math.round(limits.timeoutMs / 1000)} seconds`
        : "the download broke off",
    );
  }
  return Buffer.concat(chunks);
}
