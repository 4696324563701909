import { apiContext } from "../../lib/api.server.ts";
import pageStyles from "../../styles/pages.css?url";
import { shopNameOf } from "../../ui/site.ts";
import { ContentPageView, contentPageMeta } from "../content/content-page-view.tsx";
import { contentPages } from "../content/content-pages.server.ts";
import type { Route } from "./+types/privacy";

export const links: Route.LinksFunction = () => [{ rel: "stylesheet", href: pageStyles }];

export const meta: Route.MetaFunction = ({ loaderData, matches }) =>
  contentPageMeta(loaderData?.pages[0], shopNameOf(matches), "Privacy Policy");

/** The privacy policy, with the returns and FAQ sections the footer's Return and FAQs links lead to (decision 0066). */
export async function loader({ context }: Route.LoaderArgs) {
  return { pages: await contentPages(context.get(apiContext), ["privacy", "returns", "faq"]) };
}

export default function Privacy({ loaderData }: Route.ComponentProps) {
  return <ContentPageView pages={loaderData.pages} />;
}
