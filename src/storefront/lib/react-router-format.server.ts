import { APP_ENTRY_ID, PARKED_SCRIPT_TYPE } from "./deferred-hydration.ts";

/**
 * Everything the shop assumes about the HTML React Router writes, in one place. Two parts of the shop depend on
 * it, and `react-router-format.host.test.ts` (src/server/public-pages) renders real pages to check both, so a
 * React Router upgrade that changes the format fails that test by name rather than quietly slowing or breaking
 * pages:
 *
 * - the hydration script: `<Scripts />` writes a `<link rel="modulepreload">` per chunk and one inline
 *   `<script type="module">` that fills `__reactRouterRouteModules` (parked by `deferAppScripts`, decision 0028);
 * - turbo-stream's escaping of loader data in the page's inline scripts (`inHydrationScript`), which the public
 *   page cache relies on to find and replace a guest's cart in a kept page (decision 0033).
 */

const MODULEPRELOAD = /<link\b[^>]*\brel="modulepreload"[^>]*>/g;
const HREF = /\bhref="([^"]+)"/;
const MODULE_SCRIPT = /<script\b([^>]*)\btype="module"([^>]*)>([\s\S]*?)<\/script>/g;

/**
 * Parks the application's JavaScript in a finished document (decision 0028): React Router's `<Scripts />` writes
 * a `<link rel="modulepreload">` for every chunk of the page and an inline module script that imports the route
 * modules and the client entry, so every page fetched 120-130 KB (gzip) of JavaScript while it loaded. Here the
 * preload links go, and the module script keeps its text but gets a type the browser does not run, an id, and
 * the preload list; the boot script (deferred-hydration.ts) runs it on the shopper's first interaction.
 *
 * A document without React Router's module script (a change in React Router's output) is left as it is: the page
 * then hydrates at once, as before.
 */
export function deferAppScripts(html: string): string {
  let found = false;
  const parked = html.replace(MODULE_SCRIPT, (whole, before: string, after: string, source: string) => {
    if (found || !source.includes("__reactRouterRouteModules")) return whole;
    found = true;
    const attributes = `${before}${after}`.replace(/\s*\basync(="[^"]*")?/, "").trim();
    const preload = [...html.matchAll(MODULEPRELOAD)]
      .map((link) => HREF.exec(link[0])?.[1])
      .filter((href): href is string => href !== undefined);
    const list = escapeAttribute(JSON.stringify([...new Set(preload)]));
    return `<script ${attributes} type="${PARKED_SCRIPT_TYPE}" id="${APP_ENTRY_ID}" data-preload="${list}">${source}</script>`;
  });
  return found ? parked.replace(MODULEPRELOAD, "") : html;
}

function escapeAttribute(value: string): string {
  return value.replaceAll("&", "&amp;").replaceAll('"', "&quot;");
}

/**
 * A string value of loader data as it appears in the page: turbo-stream writes it as a JSON string, and React
 * Router puts each chunk of the stream in an inline script as another JSON string, with `& < > U+2028 U+2029`
 * escaped (`StreamTransfer` and `escapeHtml` in react-router's `lib/dom/ssr`). Both escapes work character by
 * character, so the value's escaped text is the same wherever in the chunk it sits.
 */
export function inHydrationScript(value: string): string {
  return JSON.stringify(JSON.stringify(value))
    .slice(1, -1)
    .replace(/[&><\u2028\u2029]/g, (char) => HTML_ESCAPES[char]!);
}

const HTML_ESCAPES: Record<string, string> = {
  "&": "\\u0026",
  ">": "\\u003e",
  "<": "\\u003c",
  "\u2028": "\\u2028",
  "\u2029": "\\u2029",
};
