import pageStyles from "../../styles/pages.css?url";
import type { LayoutHandle } from "../../ui/site.ts";
import { OFFLINE_PAGE } from "../offline/connectivity.ts";
import type { Route } from "./+types/offline";

export const links: Route.LinksFunction = () => [{ rel: "stylesheet", href: pageStyles }];

export const meta: Route.MetaFunction = () => [
  { title: OFFLINE_PAGE.title },
  { name: "robots", content: "noindex" },
];

/**
 * Nothing in the header or footer works without a connection, and the service worker keeps a guest copy of this
 * page, so the page stands on its own.
 */
export const handle: LayoutHandle = { showHeader: false, showFooter: false };

/**
 * Where the app goes when the browser loses its connection (spec section 2). It has no loader, so a client
 * navigation here needs no network, and public/sw.js serves a cached copy when a page cannot be fetched.
 */
export default function Offline() {
  return (
    <section className="offline-page" aria-labelledby="offline-title">
      <p className="offline-page__brand">{OFFLINE_PAGE.brand}</p>
      <div className="offline-page__card">
        <span className="offline-page__icon" aria-hidden="true">
          <svg width="44" height="44" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth={1.7}>
            <path d="M2 8.5a15 15 0 0 1 4.4-2.8M9.6 4.9A15 15 0 0 1 22 8.5M5 12a10 10 0 0 1 3.2-2M14 9.3a10 10 0 0 1 5 2.7M8.5 15.5a5 5 0 0 1 5.6-1" />
            <circle cx="12" cy="19" r="1.2" fill="currentColor" />
            <path d="m3 3 18 18" strokeLinecap="round" />
          </svg>
        </span>
        <h1 id="offline-title" className="offline-page__title">
          {OFFLINE_PAGE.heading}
        </h1>
        <p>{OFFLINE_PAGE.lead}</p>
        <p className="offline-page__note">{OFFLINE_PAGE.note}</p>
        {/* A plain link: a full page load, which the service worker answers with this page while still offline. */}
        <a href="/" className="button">
          {OFFLINE_PAGE.retry}
        </a>
      </div>
    </section>
  );
}
