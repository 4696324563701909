import { useCallback, useState } from "react";
import { Link, NavLink } from "react-router";
import type { Category } from "../../../shared/contracts/catalogue.ts";
import { telHref } from "../../../shared/contracts/shop-details.ts";
import { useAfterNavigation, useEscapeKey, useScrolledPast } from "../../ui/hooks.ts";
import { MenuIcon, PhoneIcon } from "../../ui/icons.tsx";
import { OffCanvasToggle } from "../../ui/off-canvas.tsx";
import { AccountMenu } from "./account-menu.tsx";
import { readCart } from "./cart-data.ts";
import { CategoryLinks } from "./category-links.tsx";
import { HeaderSearch } from "./header-search.tsx";
import { type LayoutData, NAV_LINKS } from "./layout-data.ts";
import { MiniCart } from "./mini-cart.tsx";
import { MobileMenu } from "./mobile-menu.tsx";
import { readShopper } from "./shopper-data.ts";
import { WishlistLink } from "./wishlist-link.tsx";

/** Spec: the header becomes sticky once the page is scrolled 200 px or more. */
const STICKY_FROM_PX = 200;

type Panel = "account" | "cart" | "menu";

export function SiteHeader({ data }: { data: LayoutData }) {
  const sticky = useScrolledPast(STICKY_FROM_PX);
  const [panel, setPanel] = useState<Panel | null>(null);
  const close = useCallback(() => setPanel(null), []);
  const { user, wishlist } = readShopper(data.shopper);
  const { phone, name } = data.shop;
  const dropdownOpen = panel === "account" || panel === "cart";
  useEscapeKey(dropdownOpen, close);

  // Every route change closes whatever is open.
  useAfterNavigation(close);

  /** A <details> dropdown reports its own toggles; opening one closes the others. */
  const toggle = useCallback(
    (name: Panel) => (isOpen: boolean) =>
      setPanel((current) => (isOpen ? name : current === name ? null : current)),
    [],
  );

  return (
    <header className="site-header">
      <div className="top-bar" id="top">
        <div className="container top-bar__inner">
          <p className="top-bar__offer">Free delivery on orders over $200</p>
          <a className="top-bar__contact" href={telHref(phone)}>
            <PhoneIcon size={15} /> {phone}
          </a>
        </div>
      </div>
      <div className="site-header__slot">
        <div className={`site-header__bar${sticky ? " is-sticky" : ""}`} data-sticky={sticky}>
          <div className="container site-header__inner">
            <OffCanvasToggle
              target="mobile-menu"
              open={panel === "menu"}
              onOpen={() => setPanel("menu")}
              className="icon-button site-header__menu-toggle"
              label="Open menu"
            >
              <MenuIcon />
            </OffCanvasToggle>
            <Link to="/" className="logo" aria-label={`${name}, home`}>
              <Logo name={name} />
            </Link>
            <MainNav categories={data.categories} />
            <div className="site-header__actions">
              <HeaderSearch />
              <AccountMenu user={user} open={panel === "account"} onToggle={toggle("account")} />
              <WishlistLink wishlist={wishlist} />
              <MiniCart cart={readCart(data.cart)} open={panel === "cart"} onToggle={toggle("cart")} />
            </div>
          </div>
        </div>
      </div>
      {dropdownOpen && (
        // biome-ignore lint/a11y/noStaticElementInteractions: a pointer convenience; Escape closes for keyboards
        // biome-ignore lint/a11y/useKeyWithClickEvents: as above
        <div className="dropdown-overlay" data-testid="dropdown-overlay" onClick={close} />
      )}
      <MobileMenu open={panel === "menu"} onClose={close} categories={data.categories} />
    </header>
  );
}

function MainNav({ categories }: { categories: Category[] }) {
  return (
    <nav className="main-nav" aria-label="Main">
      <ul className="main-nav__list">
        {NAV_LINKS.map((item) => (
          <li key={item.to} className={item.withCategories ? "main-nav__has-sub" : undefined}>
            {/* NavLink ignores the query, so "/shop?type=…" would also light up on /shop: plain links there. */}
            {item.to.includes("?") ? (
              <Link to={item.to} className="main-nav__link">
                {item.label}
              </Link>
            ) : (
              <NavLink to={item.to} end={item.to === "/"} className="main-nav__link">
                {item.label}
              </NavLink>
            )}
            {item.withCategories && <CategoryLinks categories={categories} className="main-nav__sub" />}
          </li>
        ))}
      </ul>
    </nav>
  );
}

/** The shop's name as the logo: an ampersand in it is drawn in the accent colour, as "Bags & Threads" always was. */
function Logo({ name }: { name: string }) {
  const [before, ...after] = name.split("&");
  if (after.length === 0) return <>{name}</>;
  return (
    <>
      {before?.trimEnd()} <span className="logo__amp">&amp;</span> {after.join("&").trimStart()}
    </>
  );
}
