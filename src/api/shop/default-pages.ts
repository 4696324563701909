import type { PageSlug, PageUpdate } from "../../shared/contracts/shop-details.ts";

/**
 * What each content page says until someone saves it (decision 0066): About keeps the storefront's story; the
 * terms, delivery, privacy, returns and FAQ texts are a plain starting point for a Pakistani online shop that
 * delivers across the country, takes cash on delivery and gives 30 days for a free return. The shop's name is
 * written as {shop}, filled in with its current name when the page is read.
 */
export const DEFAULT_PAGES: Record<PageSlug, PageUpdate> = {
  about: {
    title: "About",
    seo_title: "About us",
    seo_description: "{shop} makes bags and clothing in Lahore and delivers across Pakistan.",
    body_html: `<h2>Well-made bags and clothing, from Lahore to your door.</h2>
<p>{shop} began in 2016 as a small leather workshop in Gulberg, making bags for friends and family. Word spread, the orders grew, and today a team of forty cutters, tailors and stitchers makes handbags, backpacks, wallets and everyday clothing that we sell online across Pakistan.</p>
<p>We design for the way people here actually live: bags that survive a rickshaw ride and a wedding season, cotton that breathes in July, and prices that stay fair because we sell directly to you.</p>
<h2>Made to last</h2>
<p>Every bag is cut from full-grain leather or heavy canvas, stitched with bonded thread and finished by hand. We check each piece before it leaves the workshop, and we repair what we make: if a strap or a zip gives up, write to us and we will put it right.</p>
<p>We pay our team above the market rate, buy leather only from tanneries that treat their water, and pack orders in recycled cardboard without plastic fillers.</p>`,
  },
  terms: {
    title: "Terms and Conditions",
    seo_title: "",
    seo_description: "The terms of buying from {shop}: orders, prices, payment, delivery and returns.",
    body_html: `<p>These terms apply to every order placed with {shop} on this website. By placing an order you accept them.</p>
<h2>Orders</h2>
<p>Your order is an offer to buy. We accept it when we send it: until then we may cancel it, for example when an item turns out to be out of stock or a price was shown wrongly, and we tell you straight away. Cash-on-delivery orders may need your confirmation by link, code or phone call before we send them; an order not confirmed in time is cancelled.</p>
<h2>Prices and payment</h2>
<p>Prices are in Pakistani rupees and include taxes. The delivery charge and any cash-on-delivery fee are shown at checkout before you place the order. You pay in cash to the courier on delivery, or online where the checkout offers it.</p>
<h2>Returns and refunds</h2>
<p>You may return an item within 30 days of delivery for a full refund; see Returns on our <a href="/privacy-policy">privacy and returns page</a>.</p>
<h2>Products</h2>
<p>We show our products' colours as truly as a screen allows; small differences in shade, and in handmade finishing, are not faults.</p>
<h2>Questions and complaints</h2>
<p>Write to us through the <a href="/contact">contact page</a>. We answer within one working day. These terms are governed by the laws of Pakistan.</p>`,
  },
  delivery: {
    title: "Delivery",
    seo_title: "",
    seo_description: "",
    body_html: `<p>We deliver across Pakistan through trusted courier partners. Orders placed before 3 pm on a working day are packed the same day.</p>
<ul>
<li>Lahore, Karachi and Islamabad: usually 2 to 3 working days.</li>
<li>Other cities and towns: usually 3 to 5 working days.</li>
</ul>
<p>We text and email you the tracking number when your order ships. The courier calls before delivering; please keep the cash ready for a cash-on-delivery order.</p>`,
  },
  privacy: {
    title: "Privacy Policy",
    seo_title: "",
    seo_description: "How {shop} uses and protects your personal data.",
    body_html: `<p>{shop} keeps only the personal data it needs to sell to you and deliver your orders, and never sells it.</p>
<h2>What we keep</h2>
<p>Your name, email, phone number and delivery address with each order; your account's details if you make one; and messages you send us. We do not keep card details: online payments are handled by the payment provider.</p>
<h2>Why</h2>
<p>To deliver your order and tell you about it by email, SMS or WhatsApp; to answer your messages; to protect the shop against fraud; and, only if you subscribe, to send our newsletter, which you can leave with one click.</p>
<h2>Who sees it</h2>
<p>Our team, and the courier and payment provider for your order, each only as much as they need. We share data with authorities only when the law requires it.</p>
<h2>How long</h2>
<p>Orders are kept as long as the law requires for accounts and tax. You may ask us to see, correct or delete your account's data at any time through the <a href="/contact">contact page</a>.</p>
<h2>Cookies</h2>
<p>We use cookies only to keep your cart, your wishlist and your sign-in; no advertising cookies.</p>`,
  },
  returns: {
    title: "Returns",
    seo_title: "",
    seo_description: "",
    body_html: `<p>Not quite right? Return it within 30 days of delivery and get your money back: returns are free.</p>
<ol>
<li>Ask for a return from your order (My account, Orders, or Track your order with your order number and email).</li>
<li>Pack the item unused, with its tags, in its packaging.</li>
<li>Our courier collects it, or you send it to us; we refund within 7 working days of receiving it, to your bank account, JazzCash or Easypaisa.</li>
</ol>
<p>Items made to measure and opened cosmetics cannot be returned unless faulty.</p>`,
  },
  faq: {
    title: "FAQs",
    seo_title: "",
    seo_description: "",
    body_html: `<h3>Can I pay cash on delivery?</h3>
<p>Yes, everywhere we deliver in Pakistan. We may ask you to confirm the order first.</p>
<h3>How do I follow my order?</h3>
<p>Use <a href="/order-lookup">Track your order</a> with your order number and email, or your account's orders.</p>
<h3>Can I change or cancel my order?</h3>
<p>Yes, until it ships: write to us through the <a href="/contact">contact page</a> with your order number.</p>
<h3>What if my item is faulty?</h3>
<p>Tell us within 30 days; we repair, replace or refund it, and collect it at our cost.</p>`,
  },
};
