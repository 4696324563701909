// A small HTTPS client for the load checks: trusts the run's self-signed certificate only, keeps connections
// alive, never throws (a connection that fails or is reset is status 0), and carries one shopper's cookies.
import https from "node:https";
import { PUBLIC_URL } from "./stack.ts";

export interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  text: string;
  ms: number;
  /** Why there was no HTTP answer (status 0). */
  error?: string;
}

export type Send = (
  method: string,
  path: string,
  options?: { headers?: Record<string, string>; json?: unknown; body?: string | Buffer; timeoutMs?: number },
) => Promise<Answer>;

/**
 * A client with its own keep-alive connections. With `localAddress` (an address on 127/8, which Linux answers on
 * the loopback interface) its connections leave from that address, so behind the proxy the shop sees it as the
 * client's address (nginx appends `$remote_addr` to X-Forwarded-For): many simulated shoppers, many clients.
 */
export function httpsClient(
  ca: Buffer,
  options: { maxSockets?: number; localAddress?: string } = {},
): { send: Send; close(): void } {
  const agent = new https.Agent({ ca, keepAlive: true, maxSockets: options.maxSockets ?? 64 });
  const { localAddress } = options;
  const send: Send = (method, path, options = {}) => {
    const started = performance.now();
    const headers: Record<string, string> = { accept: "application/json", ...options.headers };
    let body: string | Buffer | undefined = options.body;
    if (options.json !== undefined) {
      body = JSON.stringify(options.json);
      headers["content-type"] ??= "application/json";
    }
    if (body !== undefined) headers["content-length"] = String(Buffer.byteLength(body));
    return new Promise((resolve) => {
      const finish = (answer: Omit<Answer, "ms">) => resolve({ ...answer, ms: performance.now() - started });
      const request = https.request(
        `${PUBLIC_URL}${path}`,
        { method, headers, agent, localAddress, timeout: options.timeoutMs ?? 30_000 },
        (response) => {
          const chunks: Buffer[] = [];
          response.on("data", (chunk: Buffer) => chunks.push(chunk));
          response.on("end", () =>
            finish({
              status: response.statusCode ?? 0,
              headers: response.headers,
              text: Buffer.concat(chunks).toString("utf8"),
            }),
          );
          response.on("error", (error) => finish({ status: 0, headers: {}, text: "", error: error.message }));
        },
      );
      request.on("timeout", () => request.destroy(new Error("timed out")));
      request.on("error", (error) => finish({ status: 0, headers: {}, text: "", error: error.message }));
      if (body !== undefined) request.write(body);
      request.end();
    });
  };
  return { send, close: () => agent.destroy() };
}

/** One guest shopper: keeps the cart cookie the API sets, and a bearer token once it has one. */
export function shopperOn(send: Send) {
  const cookies = new Map<string, string>();
  let token: string | null = null;
  /** A JSON request, or with `raw` a body and headers exactly as given (plus the cookies and token). */
  const call = async (
    method: string,
    path: string,
    json?: unknown,
    raw?: { body: string; headers: Record<string, string> },
  ): Promise<Answer> => {
    const headers: Record<string, string> = { ...raw?.headers };
    if (cookies.size > 0) headers.cookie = [...cookies].map(([name, value]) => `${name}=${value}`).join("; ");
    if (token) headers.authorization = `Bearer ${token}`;
    const answer = await send(method, path, raw ? { headers, body: raw.body } : { headers, json });
    const setCookies = answer.headers["set-cookie"] ?? [];
    for (const cookie of Array.isArray(setCookies) ? setCookies : [setCookies]) {
      const [pair = ""] = cookie.split(";");
      const separator = pair.indexOf("=");
      const name = pair.slice(0, separator);
      const value = pair.slice(separator + 1);
      if (value === "" || /max-age=0/i.test(cookie)) cookies.delete(name);
      else cookies.set(name, value);
    }
    return answer;
  };
  return {
    call,
    get: (path: string) => call("GET", path),
    post: (path: string, json: unknown = {}) => call("POST", path, json),
    setToken(value: string | null) {
      token = value;
    },
  };
}

export type Shopper = ReturnType<typeof shopperOn>;

/** Runs `work` over `items`, at most `limit` at a time. */
export async function mapLimit<T, R>(
  items: T[],
  limit: number,
  work: (item: T, index: number) => Promise<R>,
) {
  const results: R[] = new Array(items.length);
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(limit, items.length) }, async () => {
      while (next < items.length) {
        const index = next++;
        results[index] = await work(items[index] as T, index);
      }
    }),
  );
  return results;
}

export function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
}
