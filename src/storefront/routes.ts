import { index, layout, type RouteConfig, route } from "@react-router/dev/routes";

export default [
  index("routes/home.tsx"),
  route("shop/:category?", "routes/shop.tsx", { id: "shop" }),
  route("product/:slug", "routes/product.tsx"),
  route("logout", "routes/logout.tsx"),
  route("search-suggestions", "routes/search-suggestions.ts"),
  route("cart", "routes/cart.tsx"),
  route("checkout", "routes/checkout.tsx"),
  route("order-success", "routes/order-success.tsx"),
  route("order-lookup", "routes/order-lookup.tsx"),
  route("user-login", "routes/login.tsx"),
  route("user-register", "routes/register.tsx"),
  route("forgot-password", "routes/forgot-password.tsx"),
  route("reset-password", "routes/reset-password.tsx"),
  // The account pages share one login guard (middleware) and side menu.
  layout("routes/account-layout.tsx", [
    route("user-dashboard", "routes/user-dashboard.tsx", { id: "user-dashboard" }),
    route("my-account", "routes/my-account.tsx"),
    route("account/orders", "routes/account-orders.tsx"),
    route("account/orders/:number", "routes/account-order.tsx"),
  ]),
  // The back office: one guard (middleware: staff and owners only) and one layout. Each screen adds its routes
  // to this list; "admin/*" keeps unknown back-office addresses behind the guard too.
  layout("routes/admin-layout.tsx", [
    route("admin", "routes/admin-dashboard.tsx", { id: "admin-dashboard" }),
    route("admin/orders", "routes/admin-orders.tsx"),
    route("admin/orders/:number", "routes/admin-order.tsx"),
    route("admin/products", "routes/admin-products.tsx"),
    route("admin/products/new", "routes/admin-product-new.tsx"),
    route("admin/products/import", "routes/admin-products-import.tsx"),
    route("admin/products/:id", "routes/admin-product.tsx"),
    route("admin/catalogue", "routes/admin-catalogue.tsx"),
    route("admin/catalogue/:section", "routes/admin-catalogue-section.tsx"),
    route("admin/reviews", "routes/admin-reviews.tsx", { id: "admin-reviews" }),
    route("admin/newsletter", "routes/admin-newsletter.tsx"),
    route("admin/customers", "routes/admin-customers.tsx"),
    route("admin/customers/:id", "routes/admin-customer.tsx"),
    route("admin/staff", "routes/admin-staff.tsx"),
    route("admin/audit", "routes/admin-audit.tsx"),
    route("admin/*", "routes/admin-not-found.tsx", { id: "admin-not-found" }),
  ]),
  // A sheet to print: the back office's guard, without its menu.
  route("admin/orders/:number/print", "routes/admin-order-print.tsx"),
  route("wishlist", "routes/wishlist.tsx"),
  route("blogs", "routes/blogs.tsx"),
  route("about", "routes/about.tsx"),
  route("contact", "routes/contact.tsx"),
  route("newsletter", "routes/newsletter.tsx"),
  route("newsletter/confirm", "routes/newsletter-confirm.tsx"),
  route("newsletter/unsubscribe", "routes/newsletter-unsubscribe.tsx"),
  route("terms-and-conditions", "routes/terms.tsx"),
  route("privacy-policy", "routes/privacy.tsx"),
  // The spec leaves /offline unmatched; the issue asks for a real offline page
  // (docs/decisions/0006-storefront-cart-checkout-accounts.md).
  route("offline", "routes/offline.tsx"),
  route("*", "routes/not-found.tsx"),
] satisfies RouteConfig;
