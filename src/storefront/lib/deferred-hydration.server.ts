import { APP_ENTRY_ID, PARKED_SCRIPT_TYPE } from "./deferred-hydration.ts";

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
