/**
 * Hydration on the first interaction (decision 0028). The server sends every page with its application script
 * parked (`deferAppScripts` in react-router-format.server.ts): no JavaScript file is fetched while the page loads.
 * A tiny inline script (`BOOT_SCRIPT`, from `bootDeferredHydration` below) starts the application on the
 * shopper's first sign of life (a pointer, a touch, a key, focus, the wheel, a scroll, a changed field) and keeps what they do until the page
 * has hydrated:
 *
 * - A link, or a GET form (the search box, the shop's filters), is left to the browser: a full page load, exactly
 *   what happens without JavaScript, at once.
 * - A POST form (add to cart, the wishlist heart, sign in) is held (`aria-busy`) and submitted once, through the
 *   hydrated page, as soon as it hydrates; further presses while it waits are dropped, so nothing is sent twice.
 *   If the application cannot load (an error, or no hydration within `GIVE_UP_MS`), the form is posted the plain
 *   way instead, as without JavaScript.
 * - A press on a JavaScript-only button (`type="button"`: quantity steppers, slider arrows, tabs) is held and
 *   pressed again once the page has hydrated, in order with the form (at most ten presses).
 *
 * The page tells the script it has hydrated by calling `window.__shopBoot.hydrated()` (root.tsx), which also
 * stops the listening.
 *
 * Going offline before the page has hydrated (spec section 2: /offline after 300 ms, / when online again) cannot
 * wait for the application, which cannot load without a network: the script shows the offline page itself (its
 * words passed in, `OFFLINE_PAGE`), at /offline, and loads / when the browser is online again. The hydrated page's
 * `ConnectivityWatcher` does the same afterwards.
 */
import {
  CONNECTIVITY_DELAY_MS,
  OFFLINE_PAGE,
  OFFLINE_PATH,
  type OfflinePage,
} from "../shop/offline/connectivity.ts";

/** The id of the parked application script the server writes into every page. */
export const APP_ENTRY_ID = "app-entry";
/** What the parked script's `type` becomes, so the browser keeps it without running it. */
export const PARKED_SCRIPT_TYPE = "text/x-deferred-module";
/** How long a held form waits for the page to hydrate before it is posted the plain way. */
export const GIVE_UP_MS = 10_000;

export interface ShopBoot {
  /** Starts loading the application (idempotent). */
  start(): void;
  /** The page has hydrated: replay what was held, stop listening. */
  hydrated(): void;
  /** Whether the browser went offline or online again before the page hydrated (the watcher then checks). */
  connectivityChanged(): boolean;
}

declare global {
  interface Window {
    __shopBoot?: ShopBoot;
  }
}

/** Where the boot script sends the shopper when the browser goes offline before the page has hydrated. */
export interface OfflineRule {
  path: string;
  delayMs: number;
  page: OfflinePage;
}

/**
 * The boot script itself. It is written into the page as its source text (`BOOT_SCRIPT`), so it must stand
 * alone: no imports, and every constant passed in as an argument.
 */
export function bootDeferredHydration(
  win: Window,
  entryId: string,
  giveUpMs: number,
  offline: OfflineRule,
): ShopBoot {
  const doc = win.document;
  const nonce = (doc.currentScript as HTMLScriptElement | null)?.nonce ?? "";
  // waiting: nothing loaded; loading: the application is on its way; done: hydrated, or given up (plain pages).
  let state: "waiting" | "loading" | "done" = "waiting";
  // What the shopper did before hydration, in order: button presses and at most one form.
  let held: ({ form: HTMLFormElement; submitter: HTMLElement | null } | { button: HTMLElement })[] = [];
  let giveUp: ReturnType<typeof setTimeout> | undefined;
  const triggers = [
    "pointerdown",
    "touchstart",
    "keydown",
    "focusin",
    "mouseover",
    "wheel",
    "scroll",
    "change",
  ];

  const release = () => {
    const all = held;
    held = [];
    if (giveUp !== undefined) clearTimeout(giveUp);
    for (const what of all) if ("form" in what) what.form.removeAttribute("aria-busy");
    return all;
  };
  type Held = ReturnType<typeof release>[number];

  /** Sends a held form or presses a held button again; with state "done" nothing here holds it back. */
  const replay = (what: Held) => {
    if ("button" in what) {
      if (what.button.isConnected) what.button.click();
      return;
    }
    const { form } = what;
    if (!form.isConnected) return;
    const submitter = what.submitter?.isConnected ? what.submitter : null;
    if (typeof form.requestSubmit === "function") form.requestSubmit(submitter);
    else if (submitter) submitter.click();
    else form.submit();
  };

  /**
   * The application could not load: the page stays a plain one, and a held form is posted the plain way; offline
   * (why it could not load, most likely), the offline page shows instead.
   */
  const fail = () => {
    if (state === "done") return;
    state = "done";
    stop();
    if (!win.navigator.onLine && !onOfflinePage()) {
      release();
      showOffline();
      return;
    }
    for (const what of release()) replay(what);
  };

  let startWhenParsed = false;
  const start = () => {
    if (state !== "waiting") return;
    const parked = doc.getElementById(entryId);
    if (!parked) {
      // The page is still arriving (a pointer resting where the page lays out moves over it before the parked
      // script, at the end of the body, is parsed): start once it is all there.
      if (doc.readyState === "loading") {
        if (!startWhenParsed) doc.addEventListener("DOMContentLoaded", start, { once: true });
        startWhenParsed = true;
        return;
      }
      // Nothing parked (the application loads by itself): hold nothing.
      state = "done";
      return;
    }
    state = "loading";
    const head = doc.head;
    let preload: string[] = [];
    try {
      preload = JSON.parse(parked.getAttribute("data-preload") ?? "[]");
    } catch {
      preload = [];
    }
    // Every module the page needs at once is fetched side by side rather than one import after another.
    for (const href of preload) {
      const link = doc.createElement("link");
      link.rel = "modulepreload";
      link.href = href;
      link.nonce = nonce;
      head.appendChild(link);
    }
    const script = doc.createElement("script");
    script.type = "module";
    script.nonce = nonce;
    script.textContent = parked.textContent;
    script.addEventListener("error", fail);
    head.appendChild(script);
  };

  const onSubmit = (event: Event) => {
    if (state === "done") return;
    const form = event.target;
    if (!(form instanceof HTMLFormElement)) return;
    const submitter = (event as SubmitEvent).submitter ?? null;
    const method = (
      submitter?.getAttribute("formmethod") ??
      form.getAttribute("method") ??
      "get"
    ).toLowerCase();
    // A GET form is a navigation: the browser makes it at once, as without JavaScript.
    if (method !== "post") return;
    const target = submitter?.getAttribute("formtarget") ?? form.getAttribute("target");
    if (target && target !== "_self") return;
    const action = submitter?.getAttribute("formaction") ?? form.getAttribute("action") ?? "";
    if (new URL(action, doc.baseURI).origin !== win.location.origin) return;
    event.preventDefault();
    event.stopImmediatePropagation();
    // One form at a time: another press while it waits would send it twice.
    if (held.some((what) => "form" in what)) return;
    held.push({ form, submitter: submitter as HTMLElement | null });
    form.setAttribute("aria-busy", "true");
    giveUp = setTimeout(fail, giveUpMs);
    start();
  };

  const onClick = (event: Event) => {
    if (state === "done") return;
    const target = event.target as Element | null;
    const button = target?.closest?.("button");
    // Only a JavaScript-only button: links navigate and submit buttons submit (handled above) by themselves.
    if (!button || (button as HTMLButtonElement).type !== "button") return;
    event.preventDefault();
    event.stopImmediatePropagation();
    if (held.length < 10) held.push({ button: button as HTMLElement });
    start();
  };

  /**
   * React hydrates a page's Suspense boundaries (the cart, the product lists) after the root that reports the
   * hydration; a form inside one is React's only once it carries React's own properties. Until then a replayed
   * submission would be posted the plain way, so wait for them, up to about 3 s.
   */
  const replayWhenReady = (queue: Held[], tries: number) => {
    const what = queue[0];
    if (!what) return;
    const element = "form" in what ? what.form : what.button;
    const owned = Object.keys(element).some((key) => key.indexOf("__reactFiber$") === 0);
    if (owned || tries >= 100 || !element.isConnected) {
      replay(what);
      // The next one after React has handled this one.
      setTimeout(() => replayWhenReady(queue.slice(1), 0), 0);
    } else setTimeout(() => replayWhenReady(queue, tries + 1), 30);
  };

  const hydrated = () => {
    state = "done";
    stop();
    clearTimeout(connectivityCheck);
    win.removeEventListener("online", onConnectivity);
    win.removeEventListener("offline", onConnectivity);
    const queue = release();
    // After the commit that reported it, so the page's handlers are in place.
    if (queue.length > 0) setTimeout(() => replayWhenReady(queue, 0), 0);
  };

  const stop = () => {
    for (const type of triggers) win.removeEventListener(type, start, true);
    win.removeEventListener("submit", onSubmit, true);
    win.removeEventListener("click", onClick, true);
  };

  // Offline before hydration: the offline page, built here (the application cannot load without a network).
  let connectivity = false;
  let offlineShown = false;
  let connectivityCheck: ReturnType<typeof setTimeout> | undefined;
  const onOfflinePage = () => offlineShown || win.location.pathname === offline.path;

  const showOffline = () => {
    offlineShown = true;
    // Nothing is loaded or replayed from here on: the page is the offline page until the next page load.
    state = "done";
    stop();
    const { page } = offline;
    const element = (tag: string, className: string, text = "") => {
      const made = doc.createElement(tag);
      if (className) made.className = className;
      made.textContent = text;
      return made;
    };
    const heading = element("h1", "offline-page__title", page.heading);
    heading.id = "offline-title";
    const retry = element("a", "button", page.retry) as HTMLAnchorElement;
    retry.href = "/";
    const card = element("div", "offline-page__card");
    card.append(heading, element("p", "", page.lead), element("p", "offline-page__note", page.note), retry);
    const section = element("section", "offline-page");
    section.setAttribute("aria-labelledby", heading.id);
    section.append(element("p", "offline-page__brand", page.brand), card);
    win.history.pushState(null, "", offline.path);
    doc.title = page.title;
    doc.body.replaceChildren(section);
  };

  // Acted on here until the page hydrates (a page whose application is loading is left to it, or to `fail`).
  const onConnectivity = () => {
    connectivity = true;
    clearTimeout(connectivityCheck);
    connectivityCheck = setTimeout(() => {
      if (!win.navigator.onLine && !onOfflinePage() && state !== "loading") showOffline();
      else if (win.navigator.onLine && onOfflinePage()) win.location.assign("/");
    }, offline.delayMs);
  };

  for (const type of triggers) win.addEventListener(type, start, { capture: true, passive: true });
  win.addEventListener("submit", onSubmit, true);
  win.addEventListener("click", onClick, true);
  win.addEventListener("online", onConnectivity);
  win.addEventListener("offline", onConnectivity);
  return { start, hydrated, connectivityChanged: () => connectivity };
}

/** What the boot script is told about going offline. */
export const OFFLINE_RULE: OfflineRule = {
  path: OFFLINE_PATH,
  delayMs: CONNECTIVITY_DELAY_MS,
  page: OFFLINE_PAGE,
};

/** The inline script every page carries in its head (with the response's CSP nonce). */
export const BOOT_SCRIPT = `window.__shopBoot=(${bootDeferredHydration.toString()})(window,${JSON.stringify(APP_ENTRY_ID)},${GIVE_UP_MS},${JSON.stringify(OFFLINE_RULE)});`;
