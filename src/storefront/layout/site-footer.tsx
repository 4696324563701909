import { type FormEvent, useState } from "react";
import { Link } from "react-router";
import { useHydrated } from "../ui/hooks.ts";
import {
  FacebookIcon,
  InstagramIcon,
  MailIcon,
  PhoneIcon,
  PinIcon,
  PinterestIcon,
  XIcon,
  YoutubeIcon,
} from "../ui/icons.tsx";
import { CONTACT, SHOP_NAME } from "./layout-data.ts";

const SOCIAL_LINKS = [
  { name: "Facebook", href: "https://www.facebook.com/", Icon: FacebookIcon },
  { name: "Instagram", href: "https://www.instagram.com/", Icon: InstagramIcon },
  { name: "X", href: "https://x.com/", Icon: XIcon },
  { name: "YouTube", href: "https://www.youtube.com/", Icon: YoutubeIcon },
  { name: "Pinterest", href: "https://www.pinterest.com/", Icon: PinterestIcon },
] as const;

export function SocialLinks({ className = "social-links" }: { className?: string }) {
  return (
    <ul className={className}>
      {SOCIAL_LINKS.map(({ name, href, Icon }) => (
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
  return (
    <footer className="site-footer">
      <div className="container site-footer__grid">
        <section aria-labelledby="footer-about">
          <h2 id="footer-about" className="site-footer__heading">
            ABOUT US
          </h2>
          <p className="site-footer__text">
            {SHOP_NAME} makes everyday bags and clothing in Pakistan: handbags, backpacks and wallets, shirts,
            kurtas and outerwear, made to last and delivered to your door.
          </p>
          <address className="site-footer__contact">
            <p>
              <PinIcon size={16} /> {CONTACT.address}
            </p>
            <p>
              <PhoneIcon size={16} /> <a href={CONTACT.phoneHref}>{CONTACT.phone}</a>
            </p>
            <p>
              <MailIcon size={16} /> <a href={`mailto:${CONTACT.email}`}>{CONTACT.email}</a>
            </p>
          </address>
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
          <p>© 2022 {SHOP_NAME}. All rights reserved. Prices in Pakistani rupees; we ship within Pakistan.</p>
        </div>
      </div>
    </footer>
  );
}

/**
 * The spec shows no call behind Subscribe, and no newsletter service exists yet. So the form checks the
 * address in the browser and says plainly that nothing was stored, rather than pretending to sign anyone up.
 */
function SubscribeForm() {
  const hydrated = useHydrated();
  const [done, setDone] = useState(false);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setDone(true);
  };

  return (
    <form className="subscribe" onSubmit={submit} aria-describedby="subscribe-note">
      <p className="site-footer__text" id="subscribe-note">
        Get word of new collections and offers.
      </p>
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
        />
        <button type="submit" className="button button--accent" disabled={!hydrated}>
          Subscribe
        </button>
      </div>
      <p className="subscribe__status" role="status">
        {done
          ? "Thanks for your interest! Our newsletter isn't live yet, so your address was not stored."
          : ""}
      </p>
    </form>
  );
}
