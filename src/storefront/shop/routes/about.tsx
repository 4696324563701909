import { Link } from "react-router";
import pageStyles from "../../styles/pages.css?url";
import { PageBanner } from "../../ui/breadcrumb.tsx";
import { HeadsetIcon, ReturnIcon, TruckIcon } from "../../ui/icons.tsx";
import { SHOP_NAME } from "../../ui/site.ts";
import type { Route } from "./+types/about";

export const links: Route.LinksFunction = () => [{ rel: "stylesheet", href: pageStyles }];

export const meta: Route.MetaFunction = () => [
  { title: `About us | ${SHOP_NAME}` },
  {
    name: "description",
    content: `${SHOP_NAME} makes bags and clothing in Lahore and delivers across Pakistan.`,
  },
];

export default function About() {
  return (
    <>
      <PageBanner title="About" />
      <div className="container prose-page">
        <section className="about-intro">
          <p className="eyebrow">Our story</p>
          <h2 className="about-intro__title">Well-made bags and clothing, from Lahore to your door.</h2>
          <p>
            {SHOP_NAME} began in 2016 as a small leather workshop in Gulberg, making bags for friends and
            family. Word spread, the orders grew, and today a team of forty cutters, tailors and stitchers
            makes handbags, backpacks, wallets and everyday clothing that we sell online across Pakistan.
          </p>
          <p>
            We design for the way people here actually live: bags that survive a rickshaw ride and a wedding
            season, cotton that breathes in July, and prices that stay fair because we sell directly to you.
          </p>
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
        <section className="about-craft">
          <h2>Made to last</h2>
          <p>
            Every bag is cut from full-grain leather or heavy canvas, stitched with bonded thread and finished
            by hand. We check each piece before it leaves the workshop, and we repair what we make: if a strap
            or a zip gives up, write to us and we will put it right.
          </p>
          <p>
            We pay our team above the market rate, buy leather only from tanneries that treat their water, and
            pack orders in recycled cardboard without plastic fillers.
          </p>
          <Link to="/shop" className="button">
            Shop the collection
          </Link>
        </section>
      </div>
    </>
  );
}
