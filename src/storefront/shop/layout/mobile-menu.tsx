import { Form, Link } from "react-router";
import type { Category } from "../../../shared/contracts/catalogue.ts";
import { SearchIcon } from "../../ui/icons.tsx";
import { OffCanvas } from "../../ui/off-canvas.tsx";
import { useShopDetails } from "../../ui/site.ts";
import { CategoryLinks } from "./category-links.tsx";
import { NAV_LINKS } from "./layout-data.ts";
import { ShopContact } from "./shop-contact.tsx";

const ACCOUNT_LINKS: typeof NAV_LINKS = [
  { to: "/my-account", label: "My account" },
  { to: "/wishlist", label: "Wishlist" },
];

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
  const shop = useShopDetails();
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
          {[...NAV_LINKS, ...ACCOUNT_LINKS].map((item) => (
            <li key={item.to}>
              <Link to={item.to} className="mobile-menu__link">
                {item.label}
              </Link>
              {item.withCategories && <CategoryLinks categories={categories} className="mobile-menu__sub" />}
            </li>
          ))}
        </ul>
      </nav>
      <ShopContact shop={shop} className="mobile-menu__contact" iconSize={18} />
    </OffCanvas>
  );
}
