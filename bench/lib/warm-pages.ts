// Before Lighthouse measures a page: the page and every image it names, asked for as a phone asks (AVIF
// accepted), again and again until the answers stop changing. A product photo's AVIF twin is made on first demand,
// in the background (decision 0034), so the first minute of a freshly started shop encodes photos beside the
// page being measured: on two cores that is main-thread time taken from Chromium, and it landed on whichever page
// was measured first (home's blocking time 262 ms in its first run through the proxy, 11-25 ms in the next two).
// Measured here is the shop once it has settled, as shoppers meet it (decision 0035).

/** What `warmPages` needs of an answer. */
export interface WarmAnswer {
  status: number;
  contentType: string;
  text: string;
}

export type WarmGet = (path: string, headers: Record<string, string>) => Promise<WarmAnswer>;

export interface WarmPage {
  path: string;
  headers?: Record<string, string>;
}

export interface WarmResult {
  pages: number;
  /** Pages that did not answer 200, with their status (the measurement then reports them as it always did). */
  failed: string[];
  images: number;
  /** Images answered as AVIF in the last pass. */
  avif: number;
  passes: number;
  /** False when the deadline came before the answers stopped changing. */
  settled: boolean;
  /** How long the warm-up took, to a tenth of a second. */
  seconds: number;
}

/** What Chromium sends for an image. */
export const IMAGE_ACCEPT = "image/avif,image/webp,image/apng,image/svg+xml,image/*,*/*;q=0.8";

/**
 * The same-origin images a page names (`src`, each `srcset` candidate, `imagesrcset` and a preload's `href`),
 * in the order they appear, each once. Only paths under `/images/`: the files the shop serves and may convert.
 */
export function imagePaths(html: string): string[] {
  const found = new Set<string>();
  const add = (url: string) => {
    const value = url.trim().replaceAll("&amp;", "&");
    if (value.startsWith("/images/")) found.add(value);
  };
  for (const match of html.matchAll(/\s(src|href|srcset|imagesrcset)="([^"]*)"/g)) {
    const [, attribute, value = ""] = match;
    if (attribute === "srcset" || attribute === "imagesrcset") {
      for (const candidate of value.split(",")) add(candidate.trim().split(/\s+/)[0] ?? "");
    } else add(value);
  }
  return [...found];
}

/**
 * Asks for each page (with its headers: a cart cookie, say) and then for each image the pages name, repeating the
 * images (`pauseMs` apart) until the answers have stopped changing: three passes in a row with the same status
 * and type for every image, the last change at least `quietMs` ago. Both, because a photo's first request only
 * queues its twin, and each instance encodes one photo at a time (two instances may each encode the same photo),
 * so a pass or two without visible progress does not mean the encoders are idle. Gives up after `timeoutMs`
 * (checked between passes) and says so. A page that does not answer 200 is listed in `failed` and its images are
 * not asked for.
 */
export async function warmPages(
  get: WarmGet,
  pages: WarmPage[],
  options: { timeoutMs?: number; pauseMs?: number; quietMs?: number } = {},
): Promise<WarmResult> {
  const { timeoutMs = 60_000, pauseMs = 1_000, quietMs = 3_000 } = options;
  const started = performance.now();
  const images = new Set<string>();
  const failed: string[] = [];
  for (const page of pages) {
    const answer = await get(page.path, { accept: "text/html", ...page.headers });
    if (answer.status !== 200) failed.push(`${page.path} answered ${answer.status}`);
    else for (const image of imagePaths(answer.text)) images.add(image);
  }
  const pass = async () => {
    const types = new Map<string, string>();
    for (const image of images) {
      const answer = await get(image, { accept: IMAGE_ACCEPT });
      types.set(image, `${answer.status} ${answer.contentType}`);
    }
    return types;
  };
  let previous = await pass();
  let passes = 1;
  let unchanged = 0;
  let changedAt = performance.now();
  const settledNow = () => images.size === 0 || (unchanged >= 2 && performance.now() - changedAt >= quietMs);
  while (!settledNow() && performance.now() - started < timeoutMs) {
    await new Promise((resolve) => setTimeout(resolve, pauseMs));
    const current = await pass();
    passes++;
    if ([...current].every(([image, type]) => previous.get(image) === type)) unchanged++;
    else {
      unchanged = 0;
      changedAt = performance.now();
    }
    previous = current;
  }
  const avif = [...previous.values()].filter((type) => type.endsWith("image/avif")).length;
  return {
    pages: pages.length,
    failed,
    images: images.size,
    avif,
    passes,
    settled: settledNow(),
    seconds: Math.round((performance.now() - started) / 100) / 10,
  };
}

/** The log's line for a warm-up. */
export function describeWarm(result: WarmResult): string {
  return [
    `warmed ${result.pages} pages and ${result.images} images (${result.avif} as AVIF) in ${result.passes} passes, ${result.seconds} s`,
    result.settled ? "" : ", not settled by the deadline",
    result.failed.length > 0 ? `; ${result.failed.join(", ")}` : "",
  ].join("");
}
