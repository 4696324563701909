import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import {
  APP_ENTRY_ID,
  BOOT_SCRIPT,
  bootDeferredHydration,
  OFFLINE_RULE,
  PARKED_SCRIPT_TYPE,
  type ShopBoot,
} from "./deferred-hydration.ts";
import { deferAppScripts } from "./react-router-format.server.ts";

const GIVE_UP_MS = 1_000;

function page() {
  document.head.innerHTML = "";
  document.body.innerHTML = `
    <a href="/shop" id="link">Shop</a>
    <form method="post" id="add"><button type="submit" name="intent" value="add" id="add-button">Add To Cart</button></form>
    <form method="get" action="/shop" id="search"><button type="submit" id="search-button">Search</button></form>
    <form method="post" action="https://elsewhere.example/x" id="other"><button id="other-button">Go</button></form>
    <button type="button" id="plus">+</button>
    <script type="${PARKED_SCRIPT_TYPE}" id="${APP_ENTRY_ID}" data-preload='["/assets/root.js","/assets/entry.client.js"]'>import "/assets/root.js";</script>`;
}

/** Counts the submissions that get past the boot script (and keeps jsdom from trying to post them). */
function submissions(id: string) {
  const seen: (string | null)[] = [];
  document.getElementById(id)?.addEventListener("submit", (event) => {
    event.preventDefault();
    seen.push(((event as SubmitEvent).submitter as HTMLButtonElement | null)?.value ?? null);
  });
  return seen;
}

const form = (id: string) => document.getElementById(id) as HTMLFormElement;
const button = (id: string) => document.getElementById(id) as HTMLButtonElement;
const moduleScripts = () => document.head.querySelectorAll('script[type="module"]');

describe("the boot script", () => {
  let boot: ShopBoot;
  beforeEach(() => {
    vi.useFakeTimers();
    page();
    boot = bootDeferredHydration(window, APP_ENTRY_ID, GIVE_UP_MS, OFFLINE_RULE);
  });
  afterEach(() => {
    boot.hydrated();
    vi.runAllTimers();
    vi.useRealTimers();
  });

  it("loads nothing until the first interaction, then the parked script and its preloads, once", () => {
    expect(moduleScripts()).toHaveLength(0);
    window.dispatchEvent(new Event("pointerdown"));
    window.dispatchEvent(new Event("keydown"));
    const scripts = moduleScripts();
    expect(scripts).toHaveLength(1);
    expect(scripts[0]?.textContent).toBe('import "/assets/root.js";');
    const preloads = [...document.head.querySelectorAll('link[rel="modulepreload"]')].map((link) =>
      link.getAttribute("href"),
    );
    expect(preloads).toEqual(["/assets/root.js", "/assets/entry.client.js"]);
  });

  it("holds a POST form until the page hydrates, sends it once with its submitter, and drops a second press", () => {
    const sent = submissions("add");
    form("add").requestSubmit(button("add-button"));
    form("add").requestSubmit(button("add-button"));
    expect(sent).toEqual([]);
    expect(form("add").getAttribute("aria-busy")).toBe("true");
    expect(moduleScripts()).toHaveLength(1);

    boot.hydrated();
    expect(form("add").hasAttribute("aria-busy")).toBe(false);
    vi.runAllTimers();
    expect(sent).toEqual(["add"]);
    // Hydrated: further presses are the page's own.
    form("add").requestSubmit(button("add-button"));
    expect(sent).toEqual(["add", "add"]);
  });

  it("leaves GET forms, other sites' forms and links to the browser", () => {
    const searched = submissions("search");
    const other = submissions("other");
    form("search").requestSubmit(button("search-button"));
    form("other").requestSubmit(button("other-button"));
    expect(searched).toHaveLength(1);
    expect(other).toHaveLength(1);
    let heldBack: boolean | null = null;
    const link = document.getElementById("link");
    link?.addEventListener("click", (event) => {
      heldBack = event.defaultPrevented;
      event.preventDefault(); // jsdom does not navigate
    });
    link?.click();
    expect(heldBack).toBe(false);
  });

  it("presses a JavaScript-only button again once the page hydrates", () => {
    const presses: number[] = [];
    button("plus").addEventListener("click", () => presses.push(1));
    button("plus").click();
    expect(presses).toEqual([]);
    boot.hydrated();
    vi.runAllTimers();
    expect(presses).toEqual([1]);
  });

  it("keeps button presses and the form in order: a stepper pressed before Add To Cart counts", () => {
    const order: string[] = [];
    button("plus").addEventListener("click", () => order.push("plus"));
    form("add").addEventListener("submit", (event) => {
      event.preventDefault();
      order.push("add");
    });
    button("plus").click();
    button("plus").click();
    form("add").requestSubmit(button("add-button"));
    expect(order).toEqual([]);
    boot.hydrated();
    vi.runAllTimers();
    expect(order).toEqual(["plus", "plus", "add"]);
  });

  it("posts a held form the plain way when the page does not hydrate in time, and never twice", () => {
    const sent = submissions("add");
    form("add").requestSubmit(button("add-button"));
    vi.advanceTimersByTime(GIVE_UP_MS - 1);
    expect(sent).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(sent).toEqual(["add"]);
    boot.hydrated();
    vi.runAllTimers();
    expect(sent).toEqual(["add"]);
  });

  it("posts a held form the plain way when the application fails to load", () => {
    const sent = submissions("add");
    form("add").requestSubmit(button("add-button"));
    moduleScripts()[0]?.dispatchEvent(new Event("error"));
    expect(sent).toEqual(["add"]);
  });
});

describe("a page without a parked script", () => {
  it("holds nothing (the application loads by itself)", () => {
    page();
    document.getElementById(APP_ENTRY_ID)?.remove();
    const boot = bootDeferredHydration(window, APP_ENTRY_ID, GIVE_UP_MS, OFFLINE_RULE);
    const sent = submissions("add");
    window.dispatchEvent(new Event("pointerdown"));
    form("add").requestSubmit(button("add-button"));
    expect(sent).toEqual(["add"]);
    boot.hydrated();
  });
});

describe("a first interaction while the page is still arriving", () => {
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it("waits for the parked script rather than giving up, and loads it once the document is parsed", () => {
    page();
    const parked = document.getElementById(APP_ENTRY_ID);
    parked?.remove();
    const readyState = vi.spyOn(document, "readyState", "get").mockReturnValue("loading");
    const boot = bootDeferredHydration(window, APP_ENTRY_ID, GIVE_UP_MS, OFFLINE_RULE);
    // The pointer rests over the page as it lays out, before the end of the body is parsed.
    window.dispatchEvent(new Event("mouseover"));
    window.dispatchEvent(new Event("scroll"));
    expect(moduleScripts()).toHaveLength(0);

    if (parked) document.body.append(parked);
    readyState.mockReturnValue("interactive");
    document.dispatchEvent(new Event("DOMContentLoaded"));
    expect(moduleScripts()).toHaveLength(1);
    boot.hydrated();
  });
});

describe("BOOT_SCRIPT", () => {
  it("is the boot function's own source, run with the page's constants", () => {
    expect(BOOT_SCRIPT).toContain(bootDeferredHydration.toString());
    expect(BOOT_SCRIPT.startsWith("window.__shopBoot=(")).toBe(true);
    expect(BOOT_SCRIPT).toContain(`(window,"${APP_ENTRY_ID}",`);
    expect(BOOT_SCRIPT).toContain(JSON.stringify(OFFLINE_RULE));
  });
});

/**
 * A window for the boot script whose connection, address and history the test controls (jsdom's cannot go
 * offline or navigate): the document and events are jsdom's.
 */
function fakeWindow(pathname = "/shop") {
  const network = { onLine: true };
  const location = { pathname, origin: window.location.origin, assign: vi.fn() };
  const history = {
    pushState: vi.fn((_state: unknown, _title: string, url: string) => {
      location.pathname = url;
    }),
  };
  const win = {
    document,
    location,
    history,
    navigator: {
      get onLine() {
        return network.onLine;
      },
    },
    addEventListener: window.addEventListener.bind(window),
    removeEventListener: window.removeEventListener.bind(window),
  };
  const go = (onLine: boolean) => {
    network.onLine = onLine;
    window.dispatchEvent(new Event(onLine ? "online" : "offline"));
  };
  return { win: win as unknown as Window, location, history, go };
}

const offlineHeading = () => document.querySelector("h1#offline-title");

describe("the boot script, going offline before the page has hydrated", () => {
  let boot: ShopBoot;
  let browser: ReturnType<typeof fakeWindow>;
  beforeEach(() => {
    vi.useFakeTimers();
    page();
    browser = fakeWindow();
    boot = bootDeferredHydration(browser.win, APP_ENTRY_ID, GIVE_UP_MS, OFFLINE_RULE);
  });
  afterEach(() => {
    boot.hydrated();
    vi.runAllTimers();
    vi.useRealTimers();
  });

  it("shows the offline page at /offline 300 ms after the browser goes offline, and loads / once online", () => {
    browser.go(false);
    vi.advanceTimersByTime(OFFLINE_RULE.delayMs - 1);
    expect(offlineHeading()).toBeNull();
    vi.advanceTimersByTime(1);
    expect(offlineHeading()?.textContent).toBe("You are offline");
    expect(document.body.textContent).toContain(OFFLINE_RULE.page.note);
    expect(document.querySelector<HTMLAnchorElement>("a.button")?.getAttribute("href")).toBe("/");
    expect(browser.history.pushState).toHaveBeenCalledWith(null, "", "/offline");
    expect(document.title).toBe("You are offline | Bags & Threads");
    // The application is not loaded for it (it cannot be, offline), nor by what the shopper does next.
    window.dispatchEvent(new Event("pointerdown"));
    expect(moduleScripts()).toHaveLength(0);

    browser.go(true);
    vi.advanceTimersByTime(OFFLINE_RULE.delayMs - 1);
    expect(browser.location.assign).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(browser.location.assign).toHaveBeenCalledWith("/");
  });

  it("does nothing for a connection lost and back within 300 ms", () => {
    browser.go(false);
    vi.advanceTimersByTime(100);
    browser.go(true);
    vi.advanceTimersByTime(1_000);
    expect(offlineHeading()).toBeNull();
    expect(browser.location.assign).not.toHaveBeenCalled();
    expect(boot.connectivityChanged()).toBe(true);
  });

  it("shows the offline page when the application fails to load offline, and posts no held form", () => {
    const sent = submissions("add");
    form("add").requestSubmit(button("add-button"));
    browser.go(false);
    // Loading: the application is left its chance.
    vi.advanceTimersByTime(GIVE_UP_MS / 2);
    expect(offlineHeading()).toBeNull();
    moduleScripts()[0]?.dispatchEvent(new Event("error"));
    expect(offlineHeading()).not.toBeNull();
    expect(sent).toEqual([]);
  });

  it("goes home from a server-rendered /offline page once online", () => {
    boot.hydrated();
    browser = fakeWindow("/offline");
    boot = bootDeferredHydration(browser.win, APP_ENTRY_ID, GIVE_UP_MS, OFFLINE_RULE);
    browser.go(true);
    vi.advanceTimersByTime(OFFLINE_RULE.delayMs);
    expect(browser.location.assign).toHaveBeenCalledWith("/");
  });

  it("leaves going offline to the hydrated page", () => {
    boot.hydrated();
    browser.go(false);
    vi.advanceTimersByTime(1_000);
    expect(offlineHeading()).toBeNull();
    expect(browser.history.pushState).not.toHaveBeenCalled();
  });
});

describe("deferAppScripts", () => {
  // The shape of React Router's <Scripts /> output as React renders it.
  const html = [
    '<html><head><link rel="modulepreload" href="/assets/entry.client-A.js" nonce="n"/>',
    '<link rel="modulepreload" href="/assets/root-B.js" nonce="n"/><link rel="stylesheet" href="/assets/app.css"/></head>',
    '<body><main>Shop</main><script nonce="n">window.__reactRouterContext = {};</script>',
    '<script nonce="n" type="module" async="">import * as route0 from "/assets/root-B.js";',
    'window.__reactRouterRouteModules = {"root":route0};',
    'import("/assets/entry.client-A.js");</script></body></html>',
  ].join("");

  it("drops the preload links and parks the module script with its preload list", () => {
    const parked = deferAppScripts(html);
    expect(parked).not.toContain("modulepreload");
    expect(parked).not.toContain('type="module"');
    expect(parked).toContain('<link rel="stylesheet" href="/assets/app.css"/>');
    expect(parked).toContain('<script nonce="n">window.__reactRouterContext = {};</script>');
    // Parsed on its own: the test files of a worker share one document (vitest.config.ts, `isolate: false`).
    const parsed = new DOMParser().parseFromString(parked, "text/html");
    const script = parsed.getElementById(APP_ENTRY_ID) as HTMLScriptElement;
    expect(script.type).toBe(PARKED_SCRIPT_TYPE);
    expect(script.hasAttribute("async")).toBe(false);
    expect(script.textContent).toContain('import("/assets/entry.client-A.js");');
    expect(JSON.parse(script.dataset.preload ?? "")).toEqual([
      "/assets/entry.client-A.js",
      "/assets/root-B.js",
    ]);
  });

  it("leaves a document without React Router's module script as it is", () => {
    const plain = '<html><head><link rel="modulepreload" href="/x.js"/></head><body></body></html>';
    expect(deferAppScripts(plain)).toBe(plain);
  });
});
