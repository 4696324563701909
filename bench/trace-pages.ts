// Where a page's main-thread time goes before anyone touches it (issue 34 item 6, decision 0068).
//
//   node bench/trace-pages.ts [--url=http://127.0.0.1:3000] [--pages=home,shop,product,cart] [--rounds=5]
//        [--variants=base,noimg,nodata] [--detail] [--out=.tmp/trace]
//
// Without --url it starts the demo shop (bench/server.ts, its own data folder under .tmp/trace). Each load is a
// fresh browser context in Debian's Chromium, emulating Lighthouse's phone (412×823 at 1.75×, no CPU or network
// throttling), traced with Lighthouse's own categories and cut into tasks by Lighthouse's own code
// (`MainThreadTasks`), so "Other", "Style & Layout" and the rest mean what they mean in its report. The loads of
// one page alternate between variants (A/B/A/B...), so a busy machine slows them alike; each figure is the median
// of the rounds.
//
// Variants (the document or its images changed on the way in, the shop unchanged):
//   base    the page as served
//   noimg   every <img>, <source> and image preload removed
//   nodata  React Router's inline data and the parked application script removed
//   noboot  the inline boot script removed
//   nocss   the stylesheets removed
//   blank   a page with one paragraph (the floor: what any document costs this Chromium)
//   before0068  decision 0068's content-visibility taken back (the build after it, measured as it was before)
//   cvpanel, cvall, cvcards  trial stylesheets (EXTRA_CSS below)
//   webp    images asked for without AVIF in Accept (the shop then answers WebP)
//
// Printed per page and variant: the main thread's busy time by Lighthouse's groups, the tasks over 12.5 ms (over
// 50 ms at Lighthouse's 4× CPU slowdown: what its simulation counts as blocking) with what is inside them, and
// the blocking time those tasks make at 4× (an estimate of Lighthouse's TBT from this machine's own speed).
// --detail adds Blink's own trace events, which names what Lighthouse shows as "Other".
import fs from "node:fs";
import path from "node:path";
import TraceGatherer from "lighthouse/core/gather/gatherers/trace.js";
import { MainThreadTasks } from "lighthouse/core/lib/tracehouse/main-thread-tasks.js";
import { TraceProcessor } from "lighthouse/core/lib/tracehouse/trace-processor.js";
import puppeteer, { type Browser } from "puppeteer-core";
import { guestCart, sampleProductSlug, sampleVariants } from "./lib/catalogue-samples.ts";
import { CHROME_PATH } from "./lib/lighthouse.ts";
import { startServer } from "./lib/server-process.ts";

const args = new Map(
  process.argv.slice(2).map((arg) => {
    const [key, value = "true"] = arg.replace(/^--/, "").split("=");
    return [key as string, value];
  }),
);
const ROUNDS = Number(args.get("rounds") ?? 5);
const VARIANTS = (args.get("variants") ?? "base").split(",");
const PAGES = (args.get("pages") ?? "home,shop,product,cart").split(",");
const DETAIL = args.get("detail") === "true";
const OUT = path.resolve(args.get("out") ?? ".tmp/trace");

interface Task {
  event: { name: string; tdur?: number; tts?: number; args?: { data?: { url?: string } } };
  endEvent?: { tts?: number };
  parent?: Task;
  children: Task[];
  startTime: number;
  duration: number;
  selfTime: number;
  group: { id: string; label: string };
}

interface LoadFigures {
  busy: number;
  /** The main thread's own CPU time in top-level tasks (thread time: what a busy machine does not stretch). */
  cpu: number;
  /** Lighthouse's 4× blocking estimate from thread time: Σ max(0, 4 × cpu − 50) over top-level tasks. */
  tbtCpuAt4x: number;
  /** Thread time of image decoding (ImageDecodeTask, on Chromium's worker threads: it competes for the cores). */
  decodeCpu: number;
  groups: Record<string, number>;
  longTasks: { start: number; duration: number; cpu: number; inside: string }[];
  tbtAt4x: number;
  /** Self time by trace event name over the whole load (top 12). */
  selfByName: Record<string, number>;
}

const TASK_THRESHOLD_MS = 12.5;

/** Variants that add a stylesheet to the page as served (trials of a CSS change before it is made). */
const PANEL_CSS = "html:not(.js) .offcanvas:not(:target) .offcanvas__panel { content-visibility: hidden }";
const BELOW_CSS =
  ".home-section, .services, .site-footer, .product-tabs, .reviews-section { content-visibility: auto; contain-intrinsic-size: auto 600px }";
const CARDS_CSS = ".product-card { content-visibility: auto; contain-intrinsic-size: auto 320px }";
const EXTRA_CSS: Record<string, string> = {
  // Closed off-canvas panels (phone menu, shop filters) skip their contents' style and layout until hydration.
  cvpanel: PANEL_CSS,
  // And the sections below the first screen are laid out when they come near it.
  cvall: `${PANEL_CSS} ${BELOW_CSS}`,
  // Decision 0068 taken back: the page as it was before it (for an A/B within one run on the new build).
  before0068:
    "html:not(.js) .offcanvas:not(:target) .offcanvas__panel, .home-section, .services, .site-footer, .product-tabs { content-visibility: visible; contain-intrinsic-size: none }",
  // And each product card.
  cvcards: `${PANEL_CSS} ${BELOW_CSS} ${CARDS_CSS}`,
};

function transformDocument(variant: string, html: string): string {
  const css = EXTRA_CSS[variant];
  if (css) return html.replace("</head>", `<style>${css}</style></head>`);
  switch (variant) {
    case "noimg":
      return html
        .replace(/<img\b[^>]*>/g, "")
        .replace(/<source\b[^>]*>/g, "")
        .replace(/<link\b[^>]*rel="preload"[^>]*as="image"[^>]*>/g, "");
    case "nodata":
      return html.replace(/<script\b(?![^>]*\bsrc=)[^>]*>[\s\S]*?<\/script>/g, (tag) =>
        tag.includes("__shopBoot") && !tag.includes("__reactRouterContext") ? tag : "",
      );
    case "noboot":
      return html.replace(/<script\b[^>]*>[\s\S]*?<\/script>/, (tag) =>
        tag.includes("__shopBoot") ? "" : tag,
      );
    case "blank":
      return '<!doctype html><html lang="en"><head><meta name="viewport" content="width=device-width"><title>Blank</title></head><body><p>Blank</p></body></html>';
    case "nocss":
      return html.replace(/<link\b[^>]*rel="stylesheet"[^>]*>/g, "");
    default:
      return html;
  }
}

async function traceOnce(browser: Browser, url: string, headers: Record<string, string>, variant: string) {
  const context = await browser.createBrowserContext();
  const page = await context.newPage();
  try {
    await page.emulate({
      viewport: { width: 412, height: 823, deviceScaleFactor: 1.75, isMobile: true, hasTouch: true },
      userAgent:
        "Mozilla/5.0 (Linux; Android 11; moto g power (2022)) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/136.0.0.0 Mobile Safari/537.36",
    });
    if (Object.keys(headers).length > 0) await page.setExtraHTTPHeaders(headers);
    await page.setRequestInterception(true);
    page.on("request", async (request) => {
      try {
        if (request.isNavigationRequest() && request.url() === url) {
          const answer = await fetch(url, { headers: { accept: "text/html", ...headers } });
          const html = transformDocument(variant, await answer.text());
          const responseHeaders: Record<string, string> = {};
          answer.headers.forEach((value, key) => {
            if (!["content-encoding", "content-length", "transfer-encoding"].includes(key))
              responseHeaders[key] = value;
          });
          await request.respond({ status: answer.status, headers: responseHeaders, body: html });
        } else if (variant === "webp" && request.resourceType() === "image") {
          await request.continue({
            headers: {
              ...request.headers(),
              accept: "image/webp,image/apng,image/svg+xml,image/*,*/*;q=0.8",
            },
          });
        } else await request.continue();
      } catch {
        // The page went away.
      }
    });
    const categories = TraceGatherer.getDefaultTraceCategories();
    if (DETAIL) categories.push("blink", "toplevel", "disabled-by-default-devtools.timeline.frame");
    await page.tracing.start({ categories });
    await page.goto(url, { waitUntil: "load", timeout: 60_000 });
    await new Promise((resolve) => setTimeout(resolve, 1500));
    const buffer = await page.tracing.stop();
    return JSON.parse(Buffer.from(buffer ?? new Uint8Array()).toString("utf8")) as {
      traceEvents: unknown[];
    };
  } finally {
    await context.close();
  }
}

function figures(trace: { traceEvents: unknown[] }): LoadFigures {
  const processed = TraceProcessor.processTrace(trace as never);
  const tasks = MainThreadTasks.getMainThreadTasks(
    processed.mainThreadEvents,
    processed.frames,
    processed.timestamps.traceEnd,
    processed.timestamps.timeOrigin,
  ) as unknown as Task[];
  const groups: Record<string, number> = {};
  const selfByName: Record<string, number> = {};
  let busy = 0;
  let cpu = 0;
  let tbtCpuAt4x = 0;
  for (const task of tasks) {
    if (!task.parent) {
      const own = cpuMs(task);
      cpu += own;
      tbtCpuAt4x += Math.max(0, own * 4 - 50);
    }
    groups[task.group.label] = (groups[task.group.label] ?? 0) + selfCpuMs(task);
    selfByName[task.event.name] = (selfByName[task.event.name] ?? 0) + selfCpuMs(task);
    if (!task.parent) busy += task.duration;
  }
  const topLevel = tasks.filter((task) => !task.parent);
  const longTasks = topLevel
    .filter((task) => task.duration >= TASK_THRESHOLD_MS || cpuMs(task) >= TASK_THRESHOLD_MS)
    .map((task) => ({
      start: task.startTime,
      duration: task.duration,
      cpu: cpuMs(task),
      inside: describeInside(task),
    }));
  const tbtAt4x = topLevel.reduce((sum, task) => sum + Math.max(0, task.duration * 4 - 50), 0);
  let decodeCpu = 0;
  for (const event of trace.traceEvents as { name?: string; ph?: string; tdur?: number; dur?: number }[]) {
    if (event.name === "ImageDecodeTask" && event.ph === "X")
      decodeCpu += (event.tdur ?? event.dur ?? 0) / 1000;
  }
  return { busy, cpu, tbtCpuAt4x, decodeCpu, groups, longTasks, tbtAt4x, selfByName };
}

/** A task's thread (CPU) time in ms: `tdur` of a complete event, or the thread clock between begin and end. */
function cpuMs(task: Task): number {
  if (typeof task.event.tdur === "number") return task.event.tdur / 1000;
  if (typeof task.event.tts === "number" && typeof task.endEvent?.tts === "number")
    return (task.endEvent.tts - task.event.tts) / 1000;
  return task.duration;
}

/** A task's own thread time, without its children's. */
function selfCpuMs(task: Task): number {
  return Math.max(0, cpuMs(task) - task.children.reduce((sum, child) => sum + cpuMs(child), 0));
}

/** What a task's thread time was spent on: own thread time by event name, largest first. */
function describeInside(task: Task): string {
  const totals = new Map<string, number>();
  const walk = (node: Task) => {
    const url = node.event.args?.data?.url;
    const name = node.event.name + (node.event.name === "EvaluateScript" && url ? `(${url.slice(-30)})` : "");
    totals.set(name, (totals.get(name) ?? 0) + selfCpuMs(node));
    for (const child of node.children) walk(child);
  };
  walk(task);
  return [...totals]
    .sort((a, b) => b[1] - a[1])
    .filter(([, ms]) => ms >= 0.5)
    .slice(0, 6)
    .map(([name, ms]) => `${name} ${ms.toFixed(1)}`)
    .join(", ");
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  if (sorted.length === 0) return 0;
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2
    ? (sorted[middle] as number)
    : ((sorted[middle - 1] as number) + (sorted[middle] as number)) / 2;
}

async function main() {
  fs.mkdirSync(OUT, { recursive: true });
  let base = args.get("url");
  let stop = async () => {};
  if (!base) {
    const dataDir = path.join(OUT, "demo");
    const server = await startServer({
      databaseUrl: `sqlite:${path.join(dataDir, "shop.sqlite")}`,
      dataDir,
      seedDemo: true,
    });
    base = server.url;
    stop = server.stop;
  }
  try {
    const slug = await sampleProductSlug(base);
    const cookie = await guestCart(base, await sampleVariants(base, 1));
    const all: Record<string, [string, Record<string, string>]> = {
      home: ["/", {}],
      shop: ["/shop", {}],
      product: [`/product/${slug}`, {}],
      cart: ["/cart", { cookie }],
    };
    // Warm: every page and its images once, so AVIF twins exist and the server's caches are full.
    const browser = await puppeteer.launch({
      executablePath: CHROME_PATH,
      headless: true,
      args: [
        "--no-sandbox",
        "--disable-gpu",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
        "--disable-dev-shm-usage",
      ],
    });
    try {
      for (const name of PAGES) {
        const [pagePath, headers] = all[name] ?? ["/", {}];
        for (let index = 0; index < 2; index++) await traceOnce(browser, base + pagePath, headers, "base");
      }
      const load = (await import("node:os")).loadavg().map((value) => value.toFixed(2));
      console.log(`load average ${load.join(" ")}, ${ROUNDS} rounds, variants ${VARIANTS.join(", ")}`);
      for (const name of PAGES) {
        const [pagePath, headers] = all[name] ?? ["/", {}];
        const results = new Map<string, LoadFigures[]>(VARIANTS.map((variant) => [variant, []]));
        for (let round = 0; round < ROUNDS; round++) {
          for (const variant of VARIANTS) {
            // Now and then a trace has no navigationStart (Lighthouse retries for the same reason): load again.
            for (let attempt = 1; attempt <= 3; attempt++) {
              const trace = await traceOnce(browser, base + pagePath, headers, variant);
              try {
                results.get(variant)?.push(figures(trace));
              } catch (error) {
                if (attempt === 3) throw error;
                continue;
              }
              if (round === 0)
                fs.writeFileSync(path.join(OUT, `${name}-${variant}.trace.json`), JSON.stringify(trace));
              break;
            }
          }
        }
        console.log(`\n${name} (${pagePath})`);
        for (const [variant, loads] of results) {
          const groupNames = [...new Set(loads.flatMap((item) => Object.keys(item.groups)))];
          const groupText = groupNames
            .map((group) => [group, median(loads.map((item) => item.groups[group] ?? 0))] as const)
            .sort((a, b) => b[1] - a[1])
            .map(([group, ms]) => `${group} ${ms.toFixed(1)}`)
            .join(", ");
          console.log(
            `  ${variant.padEnd(7)} CPU ${median(loads.map((item) => item.cpu)).toFixed(1)} ms (wall ${median(loads.map((item) => item.busy)).toFixed(1)}), TBT at 4x from CPU ${median(loads.map((item) => item.tbtCpuAt4x)).toFixed(0)} ms (runs ${loads.map((item) => item.tbtCpuAt4x.toFixed(0)).join(", ")}), from wall ${median(loads.map((item) => item.tbtAt4x)).toFixed(0)} ms, image decoding ${median(loads.map((item) => item.decodeCpu)).toFixed(1)} ms CPU off the main thread`,
          );
          console.log(`          ${groupText}`);
          const sample = loads[Math.floor(loads.length / 2)];
          for (const task of sample?.longTasks ?? []) {
            console.log(
              `          task at ${task.start.toFixed(0)} ms: CPU ${task.cpu.toFixed(1)} ms (wall ${task.duration.toFixed(1)}): ${task.inside}`,
            );
          }
          {
            const names = [...new Set(loads.flatMap((item) => Object.keys(item.selfByName)))]
              .map((key) => [key, median(loads.map((item) => item.selfByName[key] ?? 0))] as const)
              .sort((a, b) => b[1] - a[1])
              .slice(0, DETAIL ? 14 : 8);
            console.log(
              `          own thread time: ${names.map(([key, ms]) => `${key} ${ms.toFixed(1)}`).join(", ")}`,
            );
          }
        }
      }
    } finally {
      await browser.close();
    }
  } finally {
    await stop();
  }
}

await main();
