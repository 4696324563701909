// The shop's service worker. It does one thing: keep a copy of the /offline page (and the files it needs) so
// that a page which cannot be fetched without a network shows "You are offline" instead of the browser's error.
// Pages are always fetched from the network first; API answers and other pages' HTML are never cached.

const CACHE = "offline-v1";
const OFFLINE_PATH = "/offline";
const ASSET_PATTERN = /["'](\/assets\/[^"'?#]+\.(?:js|css))["']/g;

async function cacheOfflinePage() {
  // No cookies: the copy is a guest's page, so nobody's name or cart is kept in it.
  const response = await fetch(OFFLINE_PATH, { credentials: "omit", cache: "no-store" });
  if (!response.ok) throw new Error(`offline page answered ${response.status}`);
  const html = await response.clone().text();
  const assets = new Set(["/favicon.svg"]);
  for (const match of html.matchAll(ASSET_PATTERN)) assets.add(match[1]);
  const cache = await caches.open(CACHE);
  await cache.addAll([...assets]);
  await cache.put(OFFLINE_PATH, response);
}

self.addEventListener("install", (event) => {
  event.waitUntil(cacheOfflinePage().then(() => self.skipWaiting()));
});

self.addEventListener("activate", (event) => {
  event.waitUntil(
    (async () => {
      for (const name of await caches.keys()) if (name !== CACHE) await caches.delete(name);
      await self.clients.claim();
    })(),
  );
});

self.addEventListener("fetch", (event) => {
  const { request } = event;
  if (request.method !== "GET") return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin) return;

  if (request.mode === "navigate") {
    event.respondWith(
      fetch(request).catch(async () => {
        if (url.pathname === OFFLINE_PATH) {
          return (await caches.match(OFFLINE_PATH)) ?? Response.error();
        }
        // Going to /offline itself keeps the address and the page's own data in step.
        return Response.redirect(OFFLINE_PATH, 302);
      }),
    );
    return;
  }

  // Built files have content hashes in their names, so a cached copy is always the right one.
  if (url.pathname.startsWith("/assets/") || url.pathname === "/favicon.svg") {
    event.respondWith(caches.match(request).then((cached) => cached ?? fetch(request)));
  }
});
