import pageStyles from "../../styles/pages.css?url";
import { SHOP_NAME } from "../../ui/site.ts";
import { PolicyPage } from "../content/policy-page.tsx";
import type { Route } from "./+types/privacy";

export const links: Route.LinksFunction = () => [{ rel: "stylesheet", href: pageStyles }];

export const meta: Route.MetaFunction = () => [{ title: `Privacy Policy | ${SHOP_NAME}` }];

export default function Privacy() {
  return <PolicyPage title="Privacy Policy" topic="your data, returns or our FAQs" />;
}
