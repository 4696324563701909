import http from "node:http";
import { brotliDecompressSync, gunzipSync, gzipSync } from "node:zlib";

export interface PageWeight {
  path: string;
  status: number;
  /** Bytes of the HTML document as served (compressed when the server compresses). */
  htmlBytes: number;
  /** JavaScript files the document makes the browser load before the first interaction (scripts and modulepreloads). */
  scripts: number;
  /** Their size gzipped at the default level, the budget's measure. */
  jsGzipBytes: number;
  /** Their size as the server actually sent them to a client that accepts gzip. */
  jsServedBytes: number;
  /** Their size uncompressed. */
  jsRawBytes: number;
  /** Scripts served without compression although the client accepted gzip. */
  uncompressed: string[];
  /** The client entry and what it imports statically: React, React DOM and React Router. */
  runtimeGzipBytes: number;
  /** What the first interaction adds (gzip): the application script the page parks until then. */
  onInteractionGzipBytes: number;
}

interface Fetched {
  status: number;
  wire: Buffer;
  encoding: string | undefined;
}

function fetchRaw(url: string, headers: Record<string, string> = {}): Promise<Fetched> {
  return new Promise((resolve, reject) => {
    const req = http.get(url, { headers: { "accept-encoding": "gzip, br", ...headers } }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (chunk: Buffer) => chunks.push(chunk));
      res.on("end", () =>
        resolve({
          status: res.statusCode ?? 0,
          wire: Buffer.concat(chunks),
          encoding: res.headers["content-encoding"],
        }),
      );
      res.on("error", reject);
    });
    req.on("error", reject);
  });
}

async function fetchText(url: string, headers: Record<string, string>): Promise<Fetched & { text: string }> {
  const fetched = await fetchRaw(url, headers);
  const body =
    fetched.encoding === "gzip"
      ? gunzipSync(fetched.wire)
      : fetched.encoding === "br"
        ? brotliDecompressSync(fetched.wire)
        : fetched.wire;
  return { ...fetched, text: body.toString("utf8") };
}

/** Every same-origin .js URL a server-rendered React Router document names: scripts, modulepreloads, imports. */
export function scriptUrls(html: string): string[] {
  const urls = new Set<string>();
  const patterns = [
    /<script[^>]*\ssrc="([^"]+\.js)"/g,
    /<link[^>]*rel="modulepreload"[^>]*href="([^"]+\.js)"/g,
    /<link[^>]*href="([^"]+\.js)"[^>]*rel="modulepreload"/g,
    /import\s*\(\s*["'](\/[^"']+\.js)["']\s*\)/g,
    /(?:import|from)\s*["'](\/[^"']+\.js)["']/g,
  ];
  for (const pattern of patterns) {
    for (const match of html.matchAll(pattern)) {
      const url = match[1];
      if (url?.startsWith("/") && !url.startsWith("//")) urls.add(url);
    }
  }
  return [...urls];
}

/** The chunks a module imports statically (`import … from "./x.js"`, `import "./x.js"`), as absolute URLs. */
function staticImports(url: string, source: string): string[] {
  const base = url.slice(0, url.lastIndexOf("/") + 1);
  const found: string[] = [];
  for (const match of source.matchAll(/(?:\bfrom|\bimport)\s*["'](\.{1,2}\/[^"']+\.js)["']/g)) {
    found.push(new URL(match[1] as string, `http://x${base}`).pathname);
  }
  return found;
}

/** What one page costs on first load: the document, and every script it pulls in before hydration. */
export async function pageWeight(
  origin: string,
  pagePath: string,
  headers: Record<string, string> = {},
): Promise<PageWeight> {
  const page = await fetchText(origin + pagePath, headers);
  // What the document names, and everything those modules import statically: the browser loads all of it
  // before the first interaction, whether or not the document preloads it. The application script the page
  // parks until the first interaction (decision 0028) is not loaded before it: it is weighed apart.
  const loaded = await scriptWeight(origin, pagePath, scriptUrls(withoutParkedScripts(page.text)));
  const parked = await scriptWeight(origin, pagePath, scriptUrls(page.text));
  return {
    runtimeGzipBytes: await runtimeWeight(origin, page.text),
    path: pagePath,
    status: page.status,
    htmlBytes: page.wire.length,
    ...loaded,
    onInteractionGzipBytes: parked.jsGzipBytes - loaded.jsGzipBytes,
  };
}

/** A page's HTML without the script it parks until the first interaction (`type="text/x-deferred-module"`). */
export function withoutParkedScripts(html: string): string {
  return html.replace(/<script\b[^>]*\btype="text\/x-deferred-module"[^>]*>[\s\S]*?<\/script>/g, "");
}

async function scriptWeight(origin: string, pagePath: string, urls: string[]) {
  const pending = [...urls];
  const scripts = new Set<string>();
  let jsGzipBytes = 0;
  let jsServedBytes = 0;
  let jsRawBytes = 0;
  const uncompressed: string[] = [];
  while (pending.length > 0) {
    const url = pending.shift() as string;
    if (scripts.has(url)) continue;
    scripts.add(url);
    const served = await fetchText(origin + url, {});
    if (served.status !== 200) throw new Error(`${url} (loaded by ${pagePath}) answered ${served.status}`);
    pending.push(...staticImports(url, served.text));
    const raw = Buffer.from(served.text, "utf8");
    jsRawBytes += raw.length;
    jsGzipBytes += gzipSync(raw).length;
    jsServedBytes += served.wire.length;
    if (!served.encoding) uncompressed.push(url);
  }
  return { scripts: scripts.size, jsGzipBytes, jsServedBytes, jsRawBytes, uncompressed };
}

/**
 * The gzip size of the framework runtime every page loads before its own code: the client entry module that
 * the document imports (React Router's entry.client) and, recursively, the chunks it imports statically.
 */
async function runtimeWeight(origin: string, html: string): Promise<number> {
  const entry = /import\(\s*"(\/[^"]*entry\.client[^"]*\.js)"\s*\)/.exec(html)?.[1];
  if (!entry) return 0;
  const seen = new Set<string>();
  let total = 0;
  const visit = async (url: string) => {
    if (seen.has(url)) return;
    seen.add(url);
    const served = await fetchText(origin + url, {});
    total += gzipSync(Buffer.from(served.text, "utf8")).length;
    for (const next of staticImports(url, served.text)) await visit(next);
  };
  await visit(entry);
  return total;
}
