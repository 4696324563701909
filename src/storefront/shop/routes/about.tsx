import { Link } from "react-router";
import { apiContext } from "../../lib/api.server.ts";
import pageStyles from "../../styles/pages.css?url";
import { PageBanner } from "../../ui/breadcrumb.tsx";
import { HeadsetIcon, ReturnIcon, TruckIcon } from "../../ui/icons.tsx";
import { RichText } from "../../ui/rich-text.tsx";
import { shopNameOf } from "../../ui/site.ts";
import { contentPageMeta } from "../content/content-page-view.tsx";
import { contentPages } from "../content/content-pages.server.ts";
import type { Route } from "./+types/about";

export const links: Route.LinksFunction = () => [{ rel: "stylesheet", href: pageStyles }];

export const meta: Route.MetaFunction = ({ loaderData, matches }) =>
  contentPageMeta(loaderData?.page, shopNameOf(matches), "About us");

/** The shop's story as it edited it in the back office (decision 0066). */
export async function loader({ context }: Route.LoaderArgs) {
  const [page] = await contentPages(context.get(apiContext), ["about"]);
  return { page: page! };
}

export default function About({ loaderData }: Route.ComponentProps) {
  const { page } = loaderData;
  return (
    <>
      <PageBanner title={page.title} />
      <div className="container prose-page">
        <section className="about-intro">
          <p className="eyebrow">Our story</p>
          <RichText html={page.body_html} className="rich-text rich-text--lead" />
        </section>
        <ul className="about-values">
          <li>
            <TruckIcon size={28} />
            <h3>Delivered nationwide</h3>
            <p>Free shipping on all orders, packed carefully and tracked to your door.</p>
          </li>
          <li>
            <ReturnIcon size={28} />
            <h3>30 days free return</h3>
            <p>Not quite right? Send it back within 30 days and get your money back.</p>
          </li>
          <li>
            <HeadsetIcon size={28} />
            <h3>Real people, 24/7</h3>
            <p>Our support team answers around the clock, every day of the week.</p>
          </li>
        </ul>
        <div>
          <Link to="/shop" className="button">
            Shop the collection
          </Link>
        </div>
      </div>
    </>
  );
}
