// The server-rendering workload.
import { guestCart, sampleVariants, signedInShopper } from "../lib/catalogue-samples.ts";
import { measure } from "../lib/load.ts";
import type { RunningServer } from "../lib/server-process.ts";
import type { Run, SsrRow } from "../results.ts";
import { checked, progress } from "./shared.ts";

/**
 * Server rendering: a minimal React Router page, the lightest shop page and the three main pages as a visitor
 * without cookies sees them (the pages a shared cache may keep), then home and product again with a guest cart's
 * cookie and as a signed-in customer with a cart (personal visitors: the kept page with their own spliced in,
 * decisions 0033 and 0057). The bare JSON route is measured before and after, so every
 * row also has its share of the bare HTTP stack's throughput. autocannon asks for no compression, so the pages are
 * measured uncompressed as in earlier rounds; home and product are measured once more as a browser asks for them
 * (gzip: every browser sends Accept-Encoding), which is the answer kept pages give shoppers.
 */
export async function ssrPhase(run: Run, server: RunningServer, products: number, productSlug: string) {
  const { settings, results, log } = run;
  const lines = await sampleVariants(server.url, 1);
  const cookie = await guestCart(server.url, lines);
  const session = await signedInShopper(server.url, lines);
  const candidates: [name: string, path: string, headers: Record<string, string>][] = [
    ["minimal React Router page", "/__bench/minimal", {}],
    ["lightest shop page", "/terms-and-conditions", {}],
    ["home", "/", {}],
    ["shop", "/shop", {}],
    ["product", `/product/${productSlug}`, {}],
    ["home, with a cart cookie", "/", { cookie }],
    ["product, with a cart cookie", `/product/${productSlug}`, { cookie }],
    ["home, signed in with a cart", "/", { cookie: session }],
    ["product, signed in with a cart", `/product/${productSlug}`, { cookie: session }],
    ["home, gzip as browsers ask", "/", { "accept-encoding": "gzip, deflate, br" }],
    ["product, gzip as browsers ask", `/product/${productSlug}`, { "accept-encoding": "gzip, deflate, br" }],
  ];
  const bareRoute = () => measure(`${server.url}/__bench/bare`, settings.ssr);
  const before = await bareRoute();
  progress(run, "bare JSON route (before)", before);
  const rows: SsrRow[] = [];
  for (const [name, pagePath, headers] of candidates) {
    const status = await checked(server.url + pagePath, headers);
    if (status !== 200) {
      log(`  ${name} (${pagePath}) answered ${status}: not measured`);
      rows.push({
        name,
        path: pagePath,
        result: null,
        status,
        ratioToMinimal: Number.NaN,
        ratioToLightest: Number.NaN,
        ratioToBare: Number.NaN,
      });
      continue;
    }
    const result = await measure(server.url + pagePath, settings.ssr, { accept: "text/html", ...headers });
    progress(run, `${name} ${pagePath}`.slice(0, 34), result);
    rows.push({
      name,
      path: pagePath,
      result,
      status,
      ratioToMinimal: Number.NaN,
      ratioToLightest: Number.NaN,
      ratioToBare: Number.NaN,
    });
  }
  const after = await bareRoute();
  progress(run, "bare JSON route (after)", after);
  const bare = { ...before, rps: (before.rps + after.rps) / 2, before: before.rps, after: after.rps };
  const minimal = rows[0]?.result?.rps ?? Number.NaN;
  const lightest = rows[1]?.result?.rps ?? Number.NaN;
  for (const row of rows) {
    row.ratioToMinimal = (row.result?.rps ?? Number.NaN) / minimal;
    row.ratioToLightest = (row.result?.rps ?? Number.NaN) / lightest;
    row.ratioToBare = (row.result?.rps ?? Number.NaN) / bare.rps;
  }
  results.ssr = { engine: "sqlite", products, bare, rows, lightest: rows[1]?.result ? rows[1].path : "" };
}
