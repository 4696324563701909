import { NavLink } from "react-router";
import type { UserRole } from "../../shared/roles.ts";

export interface AdminSection {
  to: string;
  label: string;
  /** Shown to owners only (the API refuses staff there too). */
  ownerOnly?: boolean;
  /** Marked current on its own address only, not on the sections under it. */
  end?: boolean;
}

/** The back office's sections, in menu order. A new screen adds its line here and its routes in routes.ts. */
export const ADMIN_SECTIONS: AdminSection[] = [
  { to: "/admin", label: "Dashboard", end: true },
  { to: "/admin/orders", label: "Orders" },
  { to: "/admin/shipping", label: "Ship orders" },
  { to: "/admin/returns", label: "Returns" },
  { to: "/admin/cash", label: "Cash collected" },
  { to: "/admin/blocklist", label: "Blocklist" },
  { to: "/admin/coupons", label: "Discount codes" },
  { to: "/admin/campaigns", label: "Sales" },
  { to: "/admin/posts", label: "Blog posts" },
  { to: "/admin/delivery", label: "Delivery charges" },
  { to: "/admin/products", label: "Products" },
  { to: "/admin/catalogue", label: "Catalogue" },
  { to: "/admin/search-words", label: "Search words" },
  { to: "/admin/pages", label: "Pages" },
  { to: "/admin/shop-details", label: "Shop details" },
  { to: "/admin/customers", label: "Customers" },
  { to: "/admin/reviews", label: "Reviews" },
  { to: "/admin/messages", label: "Inbox" },
  { to: "/admin/staff", label: "Staff", ownerOnly: true },
  { to: "/admin/newsletter", label: "Newsletter", ownerOnly: true, end: true },
  { to: "/admin/newsletter/issues", label: "Newsletter issues" },
  { to: "/admin/audit", label: "Audit log" },
  { to: "/admin/two-factor", label: "Two-factor sign-in" },
];

/**
 * The back office's menu: a side column on wide screens, a row that scrolls sideways on phones. The current
 * section is marked with aria-current (NavLink), and the Dashboard only on /admin itself.
 */
export function AdminNav({ role }: { role: UserRole }) {
  const sections = ADMIN_SECTIONS.filter((section) => !section.ownerOnly || role === "owner");
  return (
    <nav className="admin-nav" aria-label="Back office">
      <ul className="admin-nav__list">
        {sections.map((section) => (
          <li key={section.to}>
            <NavLink to={section.to} end={section.end === true} prefetch="intent">
              {section.label}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
