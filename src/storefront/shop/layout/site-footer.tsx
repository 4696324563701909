import { useEffect, useRef } from "react";
import { Link, useFetcher } from "react-router";
import { SOCIAL_NETWORKS, SOCIAL_ORDER } from "../../../shared/contracts/shop-details.ts";
import { HoneypotField } from "../../ui/forms/honeypot-field.tsx";
import {
  FacebookIcon,
  InstagramIcon,
  PinterestIcon,
  TiktokIcon,
  XIcon,
  YoutubeIcon,
} from "../../ui/icons.tsx";
import { useShopDetails } from "../../ui/site.ts";
import type { SubscribeResult } from "../newsletter/subscribe-result.ts";
import { ShopContact } from "./shop-contact.tsx";

const SOCIAL_ICONS = {
  facebook: FacebookIcon,
  instagram: InstagramIcon,
  tiktok: TiktokIcon,
  x: XIcon,
  youtube: YoutubeIcon,
  pinterest: PinterestIcon,
} as const;

/** The shop's social links (its details, decision 0066), each network it gave an address for. */
export function SocialLinks({ className = "social-links" }: { className?: string }) {
  const { social } = useShopDetails();
  const links = SOCIAL_ORDER.filter((network) => social[network] !== "").map((network) => ({
    name: SOCIAL_NETWORKS[network].label,
    href: social[network],
    Icon: SOCIAL_ICONS[network],
  }));
  if (links.length === 0) return null;
  return (
    <ul className={className}>
      {links.map(({ name, href, Icon }) => (
        <li key={name}>
          <a
            href={href}
            target="_blank"
            rel="noopener noreferrer"
            aria-label={`${name} (opens in a new tab)`}
          >
            <Icon size={18} />
          </a>
        </li>
      ))}
    </ul>
  );
}

export function SiteFooter() {
  const shop = useShopDetails();
  return (
    <footer className="site-footer">
      <div className="container site-footer__grid">
        <section aria-labelledby="footer-about">
          <h2 id="footer-about" className="site-footer__heading">
            ABOUT US
          </h2>
          <p className="site-footer__text">
            {shop.name} makes everyday bags and clothing in Pakistan: handbags, backpacks and wallets, shirts,
            kurtas and outerwear, made to last and delivered to your door.
          </p>
          <ShopContact shop={shop} className="site-footer__contact" iconSize={16} />
        </section>
        <nav aria-labelledby="footer-links">
          <h2 id="footer-links" className="site-footer__heading">
            USEFUL LINKS
          </h2>
          <ul className="site-footer__links">
            <li>
              <Link to="/about">About us</Link>
            </li>
            <li>
              <Link to="/contact">Orders tracking</Link>
            </li>
            <li>
              <Link to="/order-lookup">Track your order</Link>
            </li>
            <li>
              <Link to="/privacy-policy">Return</Link>
            </li>
            <li>
              <Link to="/privacy-policy">FAQs</Link>
            </li>
            <li>
              <Link to="/terms-and-conditions">Terms &amp; conditions</Link>
            </li>
            <li>
              <Link to="/contact">Contact us</Link>
            </li>
          </ul>
        </nav>
        <section aria-labelledby="footer-follow">
          <h2 id="footer-follow" className="site-footer__heading">
            FOLLOW US
          </h2>
          <p className="site-footer__text">
            New arrivals, styling ideas and daily deals, first on our socials.
          </p>
          <SocialLinks />
        </section>
        <section aria-labelledby="footer-subscribe">
          <h2 id="footer-subscribe" className="site-footer__heading">
            SUBSCRIBE
          </h2>
          <SubscribeForm />
        </section>
      </div>
      <div className="site-footer__bottom">
        <div className="container">
          <p>© 2022 {shop.name}. All rights reserved. Prices in Pakistani rupees; we ship within Pakistan.</p>
        </div>
      </div>
    </footer>
  );
}

/**
 * The footer's sign-up (spec: a required e-mail-type field and a Subscribe button): posts to /newsletter, which
 * asks the API to mail a confirmation link (double opt-in). With JavaScript it stays on the page and says the
 * outcome beneath the field; without, /newsletter shows it.
 */
function SubscribeForm() {
  const fetcher = useFetcher<SubscribeResult>({ key: "newsletter-subscribe" });
  const form = useRef<HTMLFormElement>(null);
  const result = fetcher.state === "idle" ? fetcher.data : undefined;

  useEffect(() => {
    if (result?.ok) form.current?.reset();
  }, [result]);

  return (
    <fetcher.Form
      ref={form}
      method="post"
      action="/newsletter"
      className="subscribe"
      aria-describedby="subscribe-note"
    >
      <p className="site-footer__text" id="subscribe-note">
        Get word of new collections and offers. We send a link to confirm your address first.
      </p>
      <input type="hidden" name="source" value="footer" />
      <HoneypotField id="subscribe-website" />
      <div className="subscribe__row">
        <label htmlFor="subscribe-email" className="visually-hidden">
          Email address
        </label>
        <input
          id="subscribe-email"
          type="email"
          name="email"
          required
          placeholder="Your email address"
          autoComplete="email"
          aria-invalid={result && !result.ok ? true : undefined}
          aria-describedby="subscribe-status"
        />
        <button type="submit" className="button button--accent" disabled={fetcher.state !== "idle"}>
          {fetcher.state !== "idle" ? "Subscribing..." : "Subscribe"}
        </button>
      </div>
      <p
        id="subscribe-status"
        className={`subscribe__status${result && !result.ok ? " subscribe__status--error" : ""}`}
        role="status"
      >
        {result?.message ?? ""}
      </p>
    </fetcher.Form>
  );
}
