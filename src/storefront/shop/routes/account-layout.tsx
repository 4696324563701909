import { Outlet, useMatches } from "react-router";
import pageStyles from "../../styles/pages.css?url";
import shopStyles from "../../styles/shop.css?url";
import { PageBanner } from "../../ui/breadcrumb.tsx";
import { accountTitleOf } from "../account/account-handle.ts";
import { AccountNav } from "../account/account-nav.tsx";
import { requireUser, userContext } from "../account/session.server.ts";
import type { Route } from "./+types/account-layout";

// shop.css styles the empty state and pagination these pages share with the shop.
export const links: Route.LinksFunction = () => [
  { rel: "stylesheet", href: shopStyles },
  { rel: "stylesheet", href: pageStyles },
];

/** Every account page needs a signed-in shopper; guests go to the login page and come back afterwards. */
export const middleware: Route.MiddlewareFunction[] = [requireUser];

export function loader({ context }: Route.LoaderArgs) {
  return { user: context.get(userContext) };
}

export default function AccountLayout({ loaderData }: Route.ComponentProps) {
  const matches = useMatches();
  const title = accountTitleOf(matches.map((match) => match.handle));
  return (
    <>
      <PageBanner title={title} />
      <div className="container account-layout">
        <AccountNav user={loaderData.user} />
        <div className="account-layout__main">
          <Outlet />
        </div>
      </div>
    </>
  );
}
