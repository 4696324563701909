import { apiContext } from "../../lib/api.server.ts";
import pageStyles from "../../styles/pages.css?url";
import { shopNameOf } from "../../ui/site.ts";
import { ContentPageView, contentPageMeta } from "../content/content-page-view.tsx";
import { contentPages } from "../content/content-pages.server.ts";
import type { Route } from "./+types/terms";

export const links: Route.LinksFunction = () => [{ rel: "stylesheet", href: pageStyles }];

export const meta: Route.MetaFunction = ({ loaderData, matches }) =>
  contentPageMeta(loaderData?.pages[0], shopNameOf(matches), "Terms and Conditions");

/** The shop's terms, with its delivery section (decision 0066). */
export async function loader({ context }: Route.LoaderArgs) {
  return { pages: await contentPages(context.get(apiContext), ["terms", "delivery"]) };
}

export default function Terms({ loaderData }: Route.ComponentProps) {
  return <ContentPageView pages={loaderData.pages} />;
}
