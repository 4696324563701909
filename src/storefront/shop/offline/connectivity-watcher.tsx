import { useEffect } from "react";
import { Link, useLocation, useNavigate } from "react-router";

import { CONNECTIVITY_DELAY_MS, OFFLINE_PATH } from "./connectivity.ts";

export { CONNECTIVITY_DELAY_MS, OFFLINE_PATH } from "./connectivity.ts";

/**
 * Goes to /offline when the browser goes offline and back to / when it is online again (spec section 2), and
 * registers the service worker that keeps /offline available without a network. Before the page has hydrated the
 * boot script does the same (`lib/deferred-hydration.ts`).
 *
 * The hidden link lets React Router discover the /offline route and prefetch its code while still online, so the
 * navigation itself needs no network.
 */
export function ConnectivityWatcher() {
  const navigate = useNavigate();
  const location = useLocation();
  const onOfflinePage = location.pathname === OFFLINE_PATH;

  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const check = () => {
      clearTimeout(timer);
      timer = setTimeout(() => {
        if (!navigator.onLine && !onOfflinePage) navigate(OFFLINE_PATH);
        else if (navigator.onLine && onOfflinePage) navigate("/");
      }, CONNECTIVITY_DELAY_MS);
    };
    window.addEventListener("offline", check);
    window.addEventListener("online", check);
    // A change the page saw before it hydrated (decision 0028) is acted on now.
    if (window.__shopBoot?.connectivityChanged()) check();
    return () => {
      clearTimeout(timer);
      window.removeEventListener("offline", check);
      window.removeEventListener("online", check);
    };
  }, [navigate, onOfflinePage]);

  useEffect(() => {
    if (import.meta.env.PROD && "serviceWorker" in navigator) {
      navigator.serviceWorker.register("/sw.js").catch(() => {
        // Without the worker the shop works as before; only the offline copy is missing.
      });
    }
  }, []);

  return onOfflinePage ? null : (
    <Link to={OFFLINE_PATH} prefetch="render" hidden tabIndex={-1} aria-hidden="true" />
  );
}
