import { createContext, createElement, type ReactNode, useContext } from "react";
import { renderToString } from "react-dom/server";
import {
  createStaticHandler,
  createStaticRouter,
  type StaticHandlerContext,
  StaticRouterProvider,
} from "react-router";

/**
 * One of the storefront's components rendered alone, as the page renders it on the server, for a slot of a kept
 * page (decision 0057): inside a data router (fetchers, `useRouteLoaderData`) at the page's location, whose root
 * route (id "root") has the loader data given. What the component shows must depend on nothing else of the page.
 */
const Content = createContext<ReactNode>(null);

function Alone() {
  return useContext(Content);
}

const handler = createStaticHandler([{ id: "root", path: "*", Component: Alone }]);
/** The handler's context for each location asked for: a location's matches never change. */
const contexts = new Map<string, StaticHandlerContext>();
const MAX_CONTEXTS = 500;

async function contextAt(location: string): Promise<StaticHandlerContext> {
  const known = contexts.get(location);
  if (known) return known;
  const context = await handler.query(new Request(new URL(location, "http://shop.internal")));
  if (context instanceof Response) throw new Error(`no context for ${location}`);
  if (contexts.size >= MAX_CONTEXTS) contexts.clear();
  contexts.set(location, context);
  return context;
}

/** The markup of `element` at `location` (a path and query), with `rootData` as the root loader's data. */
export async function renderAlone(element: ReactNode, location: string, rootData: unknown): Promise<string> {
  const context = { ...(await contextAt(location)), loaderData: { root: rootData } };
  const router = createStaticRouter(handler.dataRoutes, context);
  return renderToString(
    createElement(
      Content.Provider,
      { value: element },
      createElement(StaticRouterProvider, { router, context, hydrate: false }),
    ),
  );
}
