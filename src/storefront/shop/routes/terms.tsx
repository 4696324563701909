import pageStyles from "../../styles/pages.css?url";
import { SHOP_NAME } from "../../ui/site.ts";
import { PolicyPage } from "../content/policy-page.tsx";
import type { Route } from "./+types/terms";

export const links: Route.LinksFunction = () => [{ rel: "stylesheet", href: pageStyles }];

export const meta: Route.MetaFunction = () => [{ title: `Terms and Conditions | ${SHOP_NAME}` }];

export default function Terms() {
  return <PolicyPage title="Terms and Conditions" topic="our terms, orders or delivery" />;
}
