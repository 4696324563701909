import { Form, Link } from "react-router";
import type { Category } from "../../shared/contracts/catalog.ts";
import { MailIcon, PhoneIcon, PinIcon, SearchIcon } from "../ui/icons.tsx";
import { OffCanvas } from "../ui/off-canvas.tsx";
import { CONTACT } from "./layout-data.ts";

/** The phone-sized menu: a product search (to /shop?search=), the menu and the shop's contact details. */
export function MobileMenu({
  open,
  onClose,
  categories,
}: {
  open: boolean;
  onClose: () => void;
  categories: Category[];
}) {
  return (
    <OffCanvas id="mobile-menu" title="Menu" open={open} onClose={onClose}>
      <Form method="get" action="/shop" className="search-box" role="search">
        <label htmlFor="mobile-search" className="visually-hidden">
          Search products
        </label>
        <input
          id="mobile-search"
          type="search"
          name="search"
          placeholder="Search products…"
          maxLength={100}
        />
        <button type="submit" aria-label="Search">
          <SearchIcon size={20} />
        </button>
      </Form>
      <nav aria-label="Mobile">
        <ul className="mobile-menu__list">
          <li>
            <Link to="/" className="mobile-menu__link">
              Home
            </Link>
          </li>
          <li>
            <Link to="/shop" className="mobile-menu__link">
              Shop
            </Link>
            {categories.length > 0 && (
              <ul className="mobile-menu__sub">
                {categories.map((category) => (
                  <li key={category.id}>
                    <Link to={`/shop/${category.slug}`}>{category.name}</Link>
                  </li>
                ))}
              </ul>
            )}
          </li>
          <li>
            <Link to="/shop?type=new-arrival" className="mobile-menu__link">
              New Arrivals
            </Link>
          </li>
          <li>
            <Link to="/shop?type=daily-deals" className="mobile-menu__link">
              Daily Deals
            </Link>
          </li>
          <li>
            <Link to="/blogs" className="mobile-menu__link">
              Blog
            </Link>
          </li>
          <li>
            <Link to="/about" className="mobile-menu__link">
              About
            </Link>
          </li>
          <li>
            <Link to="/contact" className="mobile-menu__link">
              Contact
            </Link>
          </li>
          <li>
            <Link to="/my-account" className="mobile-menu__link">
              My account
            </Link>
          </li>
          <li>
            <Link to="/wishlist" className="mobile-menu__link">
              Wishlist
            </Link>
          </li>
        </ul>
      </nav>
      <address className="mobile-menu__contact">
        <p>
          <PhoneIcon size={18} /> <a href={CONTACT.phoneHref}>{CONTACT.phone}</a>
        </p>
        <p>
          <MailIcon size={18} /> <a href={`mailto:${CONTACT.email}`}>{CONTACT.email}</a>
        </p>
        <p>
          <PinIcon size={18} /> {CONTACT.address}
        </p>
      </address>
    </OffCanvas>
  );
}
