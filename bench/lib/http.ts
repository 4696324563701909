import http from "node:http";

/** One keep-alive connection pool for the harness's own requests (setup, checkout), loopback only. */
const agent = new http.Agent({ keepAlive: true, maxSockets: 32 });

export interface HttpResponse {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: string;
  ms: number;
}

export function request(
  url: string,
  options: { method?: string; headers?: Record<string, string>; body?: unknown } = {},
): Promise<HttpResponse> {
  const payload = options.body === undefined ? undefined : JSON.stringify(options.body);
  const headers: Record<string, string> = { accept: "application/json", ...options.headers };
  if (payload !== undefined) {
    headers["content-type"] = "application/json";
    headers["content-length"] = String(Buffer.byteLength(payload));
  }
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const req = http.request(url, { method: options.method ?? "GET", headers, agent }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (chunk: Buffer) => chunks.push(chunk));
      res.on("end", () =>
        resolve({
          status: res.statusCode ?? 0,
          headers: res.headers,
          body: Buffer.concat(chunks).toString("utf8"),
          ms: performance.now() - started,
        }),
      );
      res.on("error", reject);
    });
    req.setTimeout(30_000, () => req.destroy(new Error(`timeout: ${url}`)));
    req.on("error", reject);
    req.end(payload);
  });
}

export async function getJson<T>(url: string, headers: Record<string, string> = {}): Promise<T> {
  const response = await request(url, { headers });
  if (response.status !== 200) throw new Error(`GET ${url} answered ${response.status}: ${response.body}`);
  return JSON.parse(response.body) as T;
}

/** The value of one cookie the response sets, if any. */
export function cookieFrom(response: HttpResponse, name: string): string | undefined {
  for (const line of response.headers["set-cookie"] ?? []) {
    const [pair] = line.split(";");
    const [key, ...value] = (pair ?? "").split("=");
    if (key?.trim() === name) return value.join("=");
  }
  return undefined;
}

/** Runs `work` over `items` with at most `concurrency` in flight. */
export async function mapLimit<T, R>(
  items: readonly T[],
  concurrency: number,
  work: (item: T, index: number) => Promise<R>,
): Promise<R[]> {
  const results: R[] = new Array(items.length);
  let next = 0;
  const workers = Array.from({ length: Math.min(concurrency, items.length) }, async () => {
    while (next < items.length) {
      const index = next++;
      results[index] = await work(items[index] as T, index);
    }
  });
  await Promise.all(workers);
  return results;
}

export function closeConnections(): void {
  agent.destroy();
}
