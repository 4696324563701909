import type { Generated, Insertable, Kysely, Selectable, Transaction } from "kysely";
import type { ContactMessageStatus, NewsletterIssueStatus } from "../../shared/inbox.ts";
import type { ProductStatus } from "../../shared/product-status.ts";
import type { UserRole } from "../../shared/roles.ts";

/**
 * The database as Kysely sees it. Money columns hold integer paisa (1 rupee = 100 paisa).
 * Flags are 0/1 integers and timestamps ISO-8601 text, so one set of queries serves SQLite and PostgreSQL.
 */
export interface Database {
  categories: CategoryTable;
  colors: ColorTable;
  sizes: SizeTable;
  tags: TagTable;
  products: ProductTable;
  product_tags: ProductTagTable;
  product_facets: ProductFacetTable;
  product_images: ProductImageTable;
  product_slug_redirects: ProductSlugRedirectTable;
  category_slug_redirects: CategorySlugRedirectTable;
  variants: VariantTable;
  stock_alerts: StockAlertTable;
  sliders: SliderTable;
  posts: PostTable;
  users: UserTable;
  auth_tokens: AuthTokenTable;
  password_reset_tokens: PasswordResetTokenTable;
  staff_invitations: StaffInvitationTable;
  sign_in_codes: SignInCodeTable;
  email_change_undos: EmailChangeUndoTable;
  carts: CartTable;
  cart_items: CartItemTable;
  wishlists: WishlistTable;
  wishlist_items: WishlistItemTable;
  orders: OrderTable;
  order_items: OrderItemTable;
  order_status_history: OrderStatusHistoryTable;
  mail_outbox: MailOutboxTable;
  message_outbox: MessageOutboxTable;
  idempotency_keys: IdempotencyKeyTable;
  audit_log: AuditLogTable;
  reviews: ReviewTable;
  contact_messages: ContactMessageTable;
  contact_replies: ContactReplyTable;
  newsletter_issues: NewsletterIssueTable;
  newsletter_deliveries: NewsletterDeliveryTable;
  newsletter_subscribers: NewsletterSubscriberTable;
  signing_secret: SigningSecretTable;
  staff_two_factor: StaffTwoFactorTable;
  staff_recovery_codes: StaffRecoveryCodeTable;
  staff_two_factor_policy: StaffTwoFactorPolicyTable;
  shop_settings: ShopSettingTable;
  content_pages: ContentPageTable;
  blocklist: BlocklistTable;
  coupons: CouponTable;
  campaigns: CampaignTable;
  coupon_redemptions: CouponRedemptionTable;
  shipments: ShipmentTable;
  shipment_events: ShipmentEventTable;
  cod_collections: CodCollectionTable;
  payment_attempts: PaymentAttemptTable;
  payment_events: PaymentEventTable;
  payment_refunds: PaymentRefundTable;
  payment_proofs: PaymentProofTable;
  returns: ReturnTable;
  return_items: ReturnItemTable;
  return_photos: ReturnPhotoTable;
  return_events: ReturnEventTable;
  jobs: JobTable;
}

/** A transaction on the shop's database. */
export type Trx = Transaction<Database>;

/** The shop's database or a transaction on it: what a query that runs either way is given. */
export type Db = Kysely<Database> | Trx;

export interface CategoryTable {
  id: Generated<number>;
  name: string;
  slug: string;
  position: number;
  /** The category it sits under (migration 014); null at the top. */
  parent_id: Generated<number | null>;
  /** JSON of its size chart (migration 039), for its products and its subcategories'; null for none. */
  size_chart: Generated<string | null>;
}

export interface ColorTable {
  id: Generated<number>;
  name: string;
  code: string;
}

export interface SizeTable {
  id: Generated<number>;
  name: string;
  position: number;
}

export interface TagTable {
  id: Generated<number>;
  name: string;
}

export interface ProductTable {
  id: Generated<number>;
  slug: string;
  title: string;
  category_id: number;
  short_description: string;
  /**
   * The listing's two pictures (card image and its hover image): the files of the product's first two
   * `product_images` rows, copied here so a page of cards is one indexed read. Kept in step by the catalogue
   * writer (`src/api/products/product-images.service.ts`).
   */
  image: string | null;
  back_image: string | null;
  /**
   * The percent shoppers get: the better of `own_discount` and `campaign_discount` (docs/decisions/0048). Written
   * only by the product writer (src/api/products/product-writer.ts), with the listing's price columns.
   */
  discount: number;
  /** The owner's own percent for the product (the back office's and the CSV's "discount"). */
  own_discount: number;
  /** The best percent of the campaigns running now that cover it, 0 for none: kept by the campaign clock. */
  campaign_discount: Generated<number>;
  /** The campaign whose percent the product carries now (null for none): kept by the campaign clock. */
  campaign_id: Generated<number | null>;
  new_arrival: number;
  /** In Daily Deals: the owner's flag or a running campaign's (migration 029), written only by the product writer. */
  daily_deal: number;
  /** The owner's own Daily Deals flag (the back office's and the CSV's "daily deal"). */
  own_daily_deal: Generated<number>;
  /** 1 while a running campaign puts the product in Daily Deals: kept by the campaign clock. */
  campaign_daily_deal: Generated<number>;
  /** 1: sold as final sale, so it cannot be returned (migration 032). */
  final_sale: Generated<number>;
  /** JSON list of its details, {label, value} in order (migration 039); "[]" for none. */
  details: Generated<string>;
  /** JSON of its own size chart (migration 039), overriding its category's; null for none. */
  size_chart: Generated<string | null>;
  /**
   * The average (one decimal) and count of the product's approved reviews, for cards and JSON-LD without a join.
   * Written only by the reviews service, in the transaction of every change to the product's reviews.
   */
  rating: Generated<number>;
  reviews: Generated<number>;
  /** Lowest variant price, before discount (paisa). Kept in step with variants by the catalogue writer. */
  price: number;
  /** What a shopper pays for the cheapest variant: price less the discount (paisa). Sorted on. */
  sale_price: number;
  /** One of PRODUCT_STATUSES (src/shared/product-status.ts); shoppers see "active" products only. */
  status: Generated<ProductStatus>;
  /**
   * 1 when some variant has stock, else 0: the listing's copy, kept with `price` by the catalogue writer and
   * the checkout (`listingPrice`), so a search ranks in-stock products first without reading variants.
   */
  in_stock: Generated<number>;
  created_at: string;
  updated_at: string;
}

/** A slug a product had before (migration 013): its old links answer 301 to the product's current slug. */
/** A category's earlier slug (migration 034): `/shop/<old_slug>` answers 301 to the category's current one. */
export interface CategorySlugRedirectTable {
  id: Generated<number>;
  old_slug: string;
  category_id: number;
  created_at: string;
}

export interface ProductSlugRedirectTable {
  id: Generated<number>;
  old_slug: string;
  product_id: number;
  created_at: string;
}

export interface ProductTagTable {
  product_id: number;
  tag_id: number;
}

/** What a `product_facets` row says of its product (`kind`): a colour, a size, a colour-and-size pair, a tag. */
export const FACET_KIND = { color: 1, size: 2, colorAndSize: 3, tag: 4 } as const;

/**
 * The listing's colour, size and tag filters (migration 045, decision 0067): one row per colour, size,
 * colour-and-size pair and tag of each product on sale, with copies of the product's sort and filter columns, so
 * a filtered listing is a range of one index. Written only by triggers (every write to products, variants and
 * product_tags keeps it in its own transaction); read by the listing.
 */
export interface ProductFacetTable {
  kind: number;
  /** The colour, size or tag id. */
  value_id: number;
  /** The size id of a colour-and-size pair; 0 for the other kinds. */
  second_id: number;
  product_id: number;
  sale_price: number;
  category_id: number;
  new_arrival: number;
  daily_deal: number;
}

/** A product photo, optionally of one colour. Positions run 0, 1, 2... across the product's photos. */
export interface ProductImageTable {
  id: Generated<number>;
  product_id: number;
  /** Null for a photo that shows no particular colour. */
  color_id: number | null;
  position: number;
  /** URL of the stored file (for rendered images the 800 px WebP, with a 400 px sibling). */
  file: string;
  alt: string;
  created_at: string;
}

export interface VariantTable {
  id: Generated<number>;
  product_id: number;
  color_id: number;
  size_id: number;
  price: number;
  stock: number;
  /**
   * Unique, upper case (src/shared/sku.ts). The catalogue writer gives every variant one; null only for rows
   * written around it.
   */
  sku: Generated<string | null>;
}

/** A shopper waiting for a sold-out variant (migration 035); `notified_at` is set once, when the mail is queued. */
/** A back-office job (migration 044; docs/decisions/0065-shopify-import.md). */
export interface JobTable {
  id: Generated<number>;
  /** What it does: "catalogue.import". */
  kind: string;
  /** queued, running, done, failed or cancelled. */
  status: string;
  done: Generated<number>;
  total: Generated<number>;
  /** What it works on (the CSV text); dropped once it ends. */
  input: string | null;
  /** JSON of its options (dry run, strict, file name, who started it). */
  options: Generated<string>;
  /** JSON of its report once done (or cancelled part way). */
  report: string | null;
  /** Why it failed. */
  error: string | null;
  /** 1 once someone asked to stop it: the runner stops after the batch it is in. */
  cancel_requested: Generated<number>;
  created_by: number | null;
  created_at: string;
  updated_at: string;
  /** Renewed by its runner while it runs; a running job whose heartbeat is old lost its runner. */
  heartbeat_at: string | null;
}

export interface StockAlertTable {
  id: Generated<number>;
  variant_id: number;
  email: string;
  /** As typed, when given; kept for the messages channel, which does not send alerts yet. */
  phone: string | null;
  created_at: string;
  notified_at: string | null;
}

/** A blog post (migration 041): public when published and its `publish_at` has come. */
export interface PostTable {
  id: Generated<number>;
  slug: string;
  title: string;
  /** As staff wrote it; "" means the answers derive one from the body. */
  excerpt: Generated<string>;
  /** Sanitised when saved (and again when answered). */
  body_html: string;
  cover_image: string | null;
  category: Generated<string>;
  /** ",care,leather," (lower case, each between commas); "" for none. */
  tags: Generated<string>;
  author: string;
  status: "draft" | "published";
  /** UTC ISO; null for a draft that has no date yet. */
  publish_at: string | null;
  created_by: string;
  created_at: string;
  updated_at: string;
}

export interface SliderTable {
  id: Generated<number>;
  url: string;
  image: string;
  image_mobile: string;
  title: string;
  position: number;
  /** When the slide starts and stops showing (ISO times, migration 014); null is open. */
  starts_at: Generated<string | null>;
  ends_at: Generated<string | null>;
}

export interface UserTable {
  id: Generated<number>;
  first_name: string;
  last_name: string;
  email: string;
  password_hash: string;
  phone: string | null;
  image: string | null;
  created_at: string;
  updated_at: string;
  /** One of USER_ROLES (src/shared/roles.ts). */
  role: Generated<UserRole>;
  /** Set when the shop disabled the account: it cannot sign in, and every session it had was revoked. */
  disabled_at: Generated<string | null>;
  /** What staff keep about the customer (migration 036); empty for none. */
  staff_note: Generated<string>;
  /** The customer's tags as ",vip,wholesale," (lower case), or empty (migration 036). */
  staff_tags: Generated<string>;
}

export interface AuthTokenTable {
  id: Generated<number>;
  user_id: number;
  token_hash: string;
  created_at: string;
  expires_at: string;
  revoked_at: string | null;
  /** When a staff or owner token was last used (the back office's inactivity limit); null for customers'. */
  last_used_at: Generated<string | null>;
  /** When this session gave the second factor (migration 020); null: only the password so far. */
  two_factor_at: Generated<string | null>;
}

/** An account's authenticator app (migration 020): the TOTP key, encrypted; on once `confirmed_at` is set. */
export interface StaffTwoFactorTable {
  user_id: number;
  /** The TOTP key, encrypted (api/admin/two-factor/totp.ts); never sent back once set-up is confirmed. */
  secret: string;
  confirmed_at: string | null;
  /** The time step of the last code accepted: a code of that step or an earlier one is refused. */
  last_used_step: number | null;
  created_at: string;
  updated_at: string;
}

/** A recovery code: only its SHA-256 is kept; single use (`used_at`). */
export interface StaffRecoveryCodeTable {
  id: Generated<number>;
  user_id: number;
  code_hash: string;
  used_at: string | null;
  created_at: string;
}

/** One row (id 1): whether every staff member and owner must use two-factor sign-in (0 or 1). */
export interface StaffTwoFactorPolicyTable {
  id: number;
  required: number;
  updated_at: string | null;
  updated_by: number | null;
}

/** A password reset link: only the SHA-256 of its token is kept; single-use, valid until `expires_at`. */
export interface PasswordResetTokenTable {
  id: Generated<number>;
  user_id: number;
  token_hash: string;
  created_at: string;
  expires_at: string;
  used_at: string | null;
}

/** A one-time sign-in code mailed to an account under attack (migration 022). */
export interface SignInCodeTable {
  id: Generated<number>;
  user_id: number;
  code_hash: string;
  created_at: string;
  expires_at: string;
  used_at: string | null;
}

/** A change of login email and the link that undoes it, mailed to the old address (migration 022). */
export interface EmailChangeUndoTable {
  id: Generated<number>;
  user_id: number;
  old_email: string;
  new_email: string;
  token_hash: string;
  created_at: string;
  expires_at: string;
  used_at: string | null;
}

/**
 * An invitation to the staff (migration 021): only the SHA-256 of its token is kept; single-use, valid until
 * `expires_at`, withdrawn by `revoked_at`. The role is granted when the invitee sets a password through it.
 */
export interface StaffInvitationTable {
  id: Generated<number>;
  /** Lower case, as accounts keep it. */
  email: string;
  role: "staff" | "owner";
  /** Null once the inviter's account is gone; `invited_by_email` still names them. */
  invited_by: number | null;
  invited_by_email: string;
  token_hash: string;
  created_at: string;
  expires_at: string;
  used_at: string | null;
  revoked_at: string | null;
}

export interface CartTable {
  id: Generated<number>;
  /** SHA-256 of the guest cookie value; null once the cart belongs to a user. */
  guest_key_hash: string | null;
  user_id: number | null;
  created_at: string;
  updated_at: string;
  /** The discount code the shopper applied (upper case), re-checked whenever the cart is priced. */
  coupon_code: Generated<string | null>;
  /** The city the last checkout was priced for (its delivery charge shows in the cart from then on). */
  delivery_city: Generated<string | null>;
}

export interface CartItemTable {
  id: Generated<number>;
  cart_id: number;
  variant_id: number;
  quantity: number;
  created_at: string;
}

/** Shaped like a cart: a user's (`user_id`) or a guest's (`guest_key_hash` of the `wishlist_key` cookie). */
export interface WishlistTable {
  id: Generated<number>;
  guest_key_hash: string | null;
  user_id: number | null;
  created_at: string;
  /** Bumped by every change; a guest's wishlist untouched for the cookie's lifetime is purged. */
  updated_at: string;
}

/** A saved product, once per wishlist; `variant_id` is the colour and size the shopper had chosen, if any. */
export interface WishlistItemTable {
  id: Generated<number>;
  wishlist_id: number;
  product_id: number;
  variant_id: number | null;
  created_at: string;
}

/**
 * What an order can be (and how it moves on: src/shared/order-status.ts): checkout creates "awaiting_confirmation"
 * or "pending"; the others
 * are the steps after it. The database refuses any other value (migration 004), so a new status is a new
 * migration.
 */
export { ORDER_STATUSES, type OrderStatus } from "../../shared/order-status.ts";

export interface OrderTable {
  id: Generated<number>;
  number: string;
  user_id: number | null;
  email: string;
  phone: string;
  country: string;
  first_name: string;
  last_name: string;
  address: string;
  address_2: string;
  city: string;
  postcode: string;
  notes: string;
  subtotal: number;
  delivery_charge: number;
  discount: number;
  total: number;
  /** One of ORDER_STATUSES. */
  status: string;
  created_at: string;
  /** The phone in E.164 (src/shared/phone.ts); null only for an order placed before numbers were checked. */
  phone_e164: Generated<string | null>;
  /** The address and city as the shop compares them (`addressKey` in src/shared/order-risk.ts). */
  address_key: Generated<string>;
  /** HMAC of the 6-digit confirmation code; null when the order was not asked to be confirmed. */
  confirmation_code_hash: Generated<string | null>;
  /** When an unconfirmed order is cancelled by itself. */
  confirmation_expires_at: Generated<string | null>;
  /** Wrong codes typed for this order (the code stops working after a few). */
  confirmation_attempts: Generated<number>;
  confirmed_at: Generated<string | null>;
  /** The order's risk flags at checkout, comma-separated (src/shared/order-risk.ts). */
  risk_flags: Generated<string>;
  /** The discount code that priced the order (as stored, upper case); null for none. */
  coupon_code: Generated<string | null>;
  /** The cash-on-delivery fee (paisa), its own line of the total (migration 027). */
  cod_fee: Generated<number>;
  /** How the order is paid (migration 030): cod, jazzcash, easypaisa, safepay or bank_transfer. */
  payment_method: Generated<string>;
  /** unpaid, pending, paid, failed, refunded or partly_refunded (src/shared/payment.ts). */
  payment_status: Generated<string>;
  /** Paisa received. */
  paid_amount: Generated<number>;
  /** Paisa given back. */
  refunded_amount: Generated<number>;
  /** Until when a prepaid order's stock is held for its payment (UTC ISO); null otherwise. */
  payment_due_by: Generated<string | null>;
  /** "refund_due": money arrived for an order already cancelled. */
  payment_flag: Generated<string | null>;
  /** The return this order replaces items of (an exchange's replacement, migration 032); null otherwise. */
  replacement_for: Generated<number | null>;
  /** Where the order came from (migration 043): "web", or the channel staff entered it for (ORDER_CHANNELS). */
  channel: Generated<string>;
  /** The staff member who entered the order, by email as it was then; null for the shop's own checkout. */
  entered_by: Generated<string | null>;
}

export interface OrderItemTable {
  id: Generated<number>;
  order_id: number;
  product_id: number;
  variant_id: number;
  product_name: string;
  product_slug: string;
  color_name: string;
  size_name: string;
  unit_price: number;
  quantity: number;
  line_total: number;
  /** The sale that priced the line, when one did (migration 029), kept as it was then. */
  campaign_id: number | null;
  campaign_name: string | null;
  /** Paisa the sale took off the line beyond the product's own discount. */
  campaign_saving: Generated<number>;
}

/**
 * Each change of an order's status made in the back office: from what to what, by whom, when, with the staff's
 * note (migration 012). The order's placing is its own `created_at`, so the first row is its first change.
 */
export interface OrderStatusHistoryTable {
  id: Generated<number>;
  order_id: number;
  from_status: string;
  to_status: string;
  /** Null once the staff member's account is gone; `actor_email` still names them. */
  actor_user_id: number | null;
  actor_email: string;
  /** What the staff member wrote with the change ("" when nothing); kept for the shop, not mailed. */
  note: string;
  created_at: string;
}

/**
 * Mail waiting to be sent (or sent): written in the transaction of what it is about, sent by the mail worker
 * (`api/mail/outbox.ts`). Pending while `sent_at` and `failed_at` are null.
 */
/** What every transactional outbox's rows have (api/outbox/): when to send, who holds the claim, how it went. */
export interface OutboxColumns {
  id: Generated<number>;
  created_at: string;
  /** Sends started (claims taken); a claim that expired counts too. */
  attempts: number;
  /** Not sent before this. */
  next_attempt_at: string;
  /** A worker is sending it until then; after that another may take it. */
  claimed_until: string | null;
  claim_token: string | null;
  sent_at: string | null;
  /** Set when the worker gave up after its last attempt. */
  failed_at: string | null;
  last_error: string | null;
}

export interface MailOutboxTable extends OutboxColumns {
  recipient: string;
  subject: string;
  text_body: string;
  html_body: string;
  /** What the mail is about, for logs (an order number). */
  reference: string | null;
  /** Where a reply goes (the sender of a contact message); null: to the sender, MAIL_FROM. */
  reply_to: string | null;
  /** Extra headers as a JSON object (List-Unsubscribe on newsletter mail); null for none. */
  headers: string | null;
}

/** Text messages to a phone (SMS, WhatsApp) waiting to be sent, or sent (migration 024; docs/decisions/0044-messages.md). */
export interface MessageOutboxTable extends OutboxColumns {
  /** "sms" or "whatsapp". */
  channel: string;
  /** The phone in E.164 ("+923001234567"). */
  recipient: string;
  text_body: string;
  /** The WhatsApp template as JSON (`{"name":…,"parameters":[…]}`); null for a text-only message. */
  template: string | null;
  /** The order the message is about, for logs and the back office. */
  order_number: string | null;
  /** The provider's id of the sent message (Twilio's SM…, WhatsApp's wamid…, the file driver's file name). */
  provider_id: string | null;
}

/**
 * One booking of an order with a courier (migration 025; docs/decisions/0045-couriers.md). Written with status
 * "booking" and no consignment before the courier is called; the courier's answer fills `consignment_number`,
 * `tracking_url`, `booked_at` and moves it to "booked" (then along SHIPMENT_STATUSES). A booking the courier
 * refused is closed (`cancelled_at`) with its words in `last_error`; one whose answer never came stays "booking"
 * with `last_error` until a retry asks the courier by `idempotency_key`. At most one row per order has
 * `cancelled_at` null.
 */
export interface ShipmentTable {
  id: Generated<number>;
  order_id: number;
  /** One of the couriers' ids ("leopards", "postex", "own"). */
  courier: string;
  consignment_number: string | null;
  tracking_url: string | null;
  /** "booking" until the courier confirms, then one of SHIPMENT_STATUSES. */
  status: string;
  /** Cash to collect on delivery, in paisa. */
  cod_amount: number;
  /** Sent to the courier as the booking's reference (order number and courier, plus an attempt number). */
  idempotency_key: string;
  /** The email of whoever booked it. */
  booked_by: string;
  booked_at: string | null;
  created_at: string;
  updated_at: string;
  cancelled_at: string | null;
  last_error: string | null;
}

/**
 * Cash a courier paid over for a delivered order (migration 026): once per order. Money in paisa; `collected_on`
 * is the day the report gives (YYYY-MM-DD).
 */
export interface CodCollectionTable {
  id: Generated<number>;
  order_id: number;
  /** The courier of the order's shipment ("own" when none was booked). */
  courier: string;
  consignment_number: string | null;
  amount: number;
  /** The cash due when the payment was recorded: the live shipment's COD amount, else the order's total. */
  expected_amount: number;
  collected_on: string;
  reference: string;
  /** "report" (an uploaded payment report), "fetched" (asked of the courier), "manual". */
  source: string;
  /** The email of whoever recorded it. */
  recorded_by: string;
  recorded_at: string;
}

/** A status a courier reported for a shipment (by poll or push), stored once. */
export interface ShipmentEventTable {
  id: Generated<number>;
  shipment_id: number;
  /** The courier's status mapped to SHIPMENT_STATUSES. */
  status: string;
  /** The courier's own words for it ("Arrived at Station", "0004"). */
  courier_status: string;
  description: string;
  location: string;
  happened_at: string;
  received_at: string;
}

/** The stored answer to one checkout `Idempotency-Key` of one shopper (`scope`: "user:12" or "guest:<hash>"). */
export interface IdempotencyKeyTable {
  id: Generated<number>;
  scope: string;
  key: string;
  /** SHA-256 of the request body, so the same key with another body is refused. */
  request_hash: string;
  response_status: number | null;
  /** The answer's JSON body. */
  response_body: string | null;
  created_at: string;
}

/**
 * One change made in the back office (or by the owner CLI): who, what, when, and the record before and after as
 * JSON text (null before a creation or after a removal). Written in the transaction of the change.
 */
export interface AuditLogTable {
  id: Generated<number>;
  /** Null once the actor's account is gone; `actor_email` still names them. */
  actor_user_id: number | null;
  actor_email: string;
  /** What was done, e.g. "customer.disable", "staff.role", "order.status". */
  action: string;
  /** The kind of record, e.g. "user", "order", "product", "variant". */
  entity_type: string;
  entity_id: string;
  before: string | null;
  after: string | null;
  created_at: string;
}

/**
 * A shopper's review of a product they received (one per shopper and product). `title` and `body` are plain
 * text. `status` is one of REVIEW_STATUSES (a CHECK keeps it so); `updated_at` is when the reviewer last wrote it
 * (moderation is recorded in the audit log, not here).
 */
export interface ReviewTable {
  id: Generated<number>;
  product_id: number;
  user_id: number;
  rating: number;
  title: string | null;
  body: string;
  status: string;
  created_at: string;
  updated_at: string;
}

/** A message sent through the contact form (its mails to the shop and to the sender went in its transaction). */
export interface ContactMessageTable {
  id: Generated<number>;
  name: string;
  email: string;
  /** "" when the sender gave none. */
  subject: string;
  message: string;
  /** The signed-in shopper who sent it, if any. */
  user_id: number | null;
  created_at: string;
  /** Where it stands in the back office's inbox (migration 037). */
  status: Generated<ContactMessageStatus>;
  /** The Message-ID of the shop's copy, which replies thread under; null before migration 037. */
  mail_message_id: Generated<string | null>;
}

/** An answer to a contact message sent from the back office (migration 037). */
export interface ContactReplyTable {
  id: Generated<number>;
  contact_message_id: number;
  author_user_id: number | null;
  author_email: string;
  body: string;
  /** The reply's mail in mail_outbox. */
  mail_id: number | null;
  created_at: string;
}

/** A newsletter issue (migration 037): a draft until it is claimed for sending, once. */
export interface NewsletterIssueTable {
  id: Generated<number>;
  subject: string;
  /** Sanitised HTML (newsletter-html.ts). */
  html_body: string;
  text_body: string;
  status: Generated<NewsletterIssueStatus>;
  /** The email of the staff member who wrote it. */
  created_by: string;
  created_at: string;
  updated_at: string;
  /** The owner who sent it. */
  sent_by: string | null;
  send_started_at: string | null;
  /** When every delivery had its mail queued (or was skipped). */
  all_queued_at: string | null;
  /** When no mail of it was left waiting in the outbox. */
  finished_at: string | null;
}

/** One subscriber's copy of one issue (migration 037): unique per issue and subscriber. */
export interface NewsletterDeliveryTable {
  id: Generated<number>;
  issue_id: number;
  subscriber_id: number;
  email: string;
  /** The mail in mail_outbox, once queued. */
  mail_id: number | null;
  /** Set when the subscriber left the list before their mail was queued. */
  skipped_at: string | null;
  created_at: string;
}

/** What a newsletter sign-up can be; the database refuses any other value (migration 010). */
export const SUBSCRIBER_STATUSES = ["pending", "confirmed", "unsubscribed"] as const;
export type SubscriberStatus = (typeof SUBSCRIBER_STATUSES)[number];

/** One address on the newsletter list (double opt-in): see migration 010. */
export interface NewsletterSubscriberTable {
  id: Generated<number>;
  /** Lower case; unique. */
  email: string;
  /** One of SUBSCRIBER_STATUSES. */
  status: SubscriberStatus;
  /** Where the address signed up ("footer"). */
  source: string;
  /** When the address last asked to be subscribed. */
  consent_at: string;
  /** When the last confirmation link was mailed (at most one an hour). */
  confirmation_sent_at: string | null;
  confirmed_at: string | null;
  unsubscribed_at: string | null;
  /**
   * SHA-256 (hex) of a token an unsubscribe link carries: the signed token of the row's id (newsletter.service.ts)
   * as it was when the row was made, or the random token of a row made before migration 019. Never the token.
   */
  unsubscribe_token_hash: string;
  created_at: string;
  updated_at: string;
}

/**
 * The shop's signing secret when SESSION_SECRET is not configured: one row (id 1), written once by the first
 * instance to start (src/platform/db/signing-secret.ts, migration 019).
 */
export interface SigningSecretTable {
  id: number;
  secret: string;
  created_at: string;
}

export type ProductRow = Selectable<ProductTable>;
export type NewProduct = Insertable<ProductTable>;
export type VariantRow = Selectable<VariantTable>;
export type UserRow = Selectable<UserTable>;
export type AuditLogRow = Selectable<AuditLogTable>;
export type StaffInvitationRow = Selectable<StaffInvitationTable>;
export type OrderRow = Selectable<OrderTable>;
export type OrderItemRow = Selectable<OrderItemTable>;
export type ReviewRow = Selectable<ReviewTable>;
export type SubscriberRow = Selectable<NewsletterSubscriberTable>;
export type OrderStatusHistoryRow = Selectable<OrderStatusHistoryTable>;

/** The owner's settings, one JSON value per key (src/api/admin/settings/shop-settings.ts reads and checks them). */
export interface ShopSettingTable {
  key: string;
  value: string;
  updated_at: string;
  /** The email of whoever saved it last. */
  updated_by: string;
}

/** A content page the shop edited (migration 046): About, Terms, Privacy and their sections, by slug. */
export interface ContentPageTable {
  slug: string;
  title: string;
  /** Sanitised on save (api/catalogue/description-html.ts `sanitizePageHtml`). */
  body_html: string;
  seo_title: string;
  seo_description: string;
  updated_at: string;
  /** The email of whoever saved it last. */
  updated_by: string;
}

/** Who may not order cash on delivery: a phone (E.164), an email (lower case) or an address key. */
export interface BlocklistTable {
  id: Generated<number>;
  kind: "phone" | "email" | "address";
  value: string;
  /** As staff typed it, to show. */
  display: string;
  reason: string;
  created_by: string;
  created_at: string;
}

export type ShipmentRow = Selectable<ShipmentTable>;
export type ShipmentEventRow = Selectable<ShipmentEventTable>;

/** A discount code (migration 027; the rules are src/api/coupons/). Money in paisa, times UTC ISO. */
export interface CouponTable {
  id: Generated<number>;
  /** Upper case; codes are matched without case. */
  code: string;
  description: Generated<string>;
  kind: "percent" | "amount" | "free_delivery";
  /** A whole percent (1 to 100) for "percent", paisa for "amount", 0 for "free_delivery". */
  value: number;
  min_subtotal: Generated<number>;
  scope: Generated<"all" | "categories" | "products" | "tags">;
  /** JSON array of the chosen categories', products' or tags' ids. */
  scope_ids: Generated<string>;
  /** 1: not on items already discounted by their product's percent. */
  exclude_discounted: Generated<number>;
  starts_at: string | null;
  ends_at: string | null;
  max_uses: number | null;
  max_uses_per_customer: number | null;
  status: Generated<"active" | "paused">;
  uses: Generated<number>;
  /** 1: store credit from a return (migration 032); `value` is the balance left, spent by each order. */
  credit: Generated<number>;
  created_by: string;
  created_at: string;
  updated_at: string;
}

/** An order that used a code (one per order). */
export interface CouponRedemptionTable {
  id: Generated<number>;
  coupon_id: number;
  order_id: number;
  user_id: number | null;
  phone_e164: string | null;
  discount: number;
  created_at: string;
}

/** A scheduled sale (migration 028; the clock is src/api/campaigns/). Times UTC ISO. */
export interface CampaignTable {
  id: Generated<number>;
  name: string;
  /** `percent`: a whole percent off; `price`: a fixed price (migration 029). */
  kind: Generated<"percent" | "price">;
  /** A whole percent, 1 to 100 (0 for a fixed price). */
  percent: number;
  /** Paisa: the fixed price (null for a percent). */
  price: number | null;
  scope: "all" | "categories" | "products" | "tags";
  /** JSON array of the chosen categories', products' or tags' ids. */
  scope_ids: string;
  starts_at: string;
  ends_at: string;
  status: "active" | "paused";
  /** 1: the covered products are in Daily Deals while it runs. */
  daily_deal: Generated<number>;
  /** 1: the home page and its products' pages show a countdown while it runs. */
  countdown: Generated<number>;
  created_by: string;
  created_at: string;
  updated_at: string;
}

/** Each time a shopper is sent to a payment provider (migration 030). Money in paisa, times UTC ISO. */
export interface PaymentAttemptTable {
  id: Generated<number>;
  order_id: number;
  provider: string;
  /** The shop's reference the provider echoes back: unique. */
  reference: string;
  amount: number;
  status: "started" | "pending" | "paid" | "failed" | "cancelled";
  provider_reference: string | null;
  created_at: string;
  updated_at: string;
}

/** Everything that happened to an order's payment, with the provider's raw fields (migration 030). */
export interface PaymentEventTable {
  id: Generated<number>;
  order_id: number;
  attempt_id: number | null;
  /** start, return, notification, query, refund, staff, proof, switch, expiry. */
  source: string;
  /** What it came to: paid, failed, pending, cancelled, refunded, refused (a bad signature or amount)… */
  outcome: string;
  amount: number | null;
  message: string;
  /** JSON. */
  raw: string;
  created_at: string;
}

/** Money given back (migration 030): never more, in total, than was paid. */
export interface PaymentRefundTable {
  id: Generated<number>;
  order_id: number;
  attempt_id: number | null;
  amount: number;
  via: "provider" | "manual";
  /** The provider's refund id, or the bank transfer's reference staff typed. */
  reference: string;
  reason: string;
  actor_email: string;
  created_at: string;
}

/** A bank transfer's proof the shopper uploaded (migration 030), stored privately. */
export interface PaymentProofTable {
  id: Generated<number>;
  order_id: number;
  /** The stored file's name under the private proofs folder. */
  file: string;
  content_type: string;
  size: number;
  created_at: string;
}

/** A shopper's request to return items of a delivered order (migration 032; docs/decisions/0054-returns.md). */
export interface ReturnTable {
  id: Generated<number>;
  /** "<order number>-R<n>": what the shopper and staff call it. */
  number: string;
  order_id: number;
  status: "requested" | "approved" | "in_transit" | "received" | "closed";
  outcome: "rejected" | "refunded" | "exchanged" | "credited" | null;
  resolution: "refund" | "exchange" | "credit";
  reason: "wrong_size" | "damaged" | "not_as_pictured" | "changed_mind" | "other";
  reason_text: string;
  method: "pickup" | "drop_off" | "in_store" | null;
  courier: string | null;
  consignment_number: string | null;
  tracking_url: string | null;
  /** What staff wrote for the shopper with their last decision. */
  staff_note: string;
  /** Paisa: what the items cost the shopper (their share of the order's discount taken off). */
  amount: number;
  refund_id: number | null;
  replacement_order_id: number | null;
  credit_coupon_id: number | null;
  created_at: string;
  updated_at: string;
  closed_at: string | null;
}

export interface ReturnItemTable {
  id: Generated<number>;
  return_id: number;
  order_item_id: number;
  product_id: number;
  variant_id: number;
  quantity: number;
  /** Paisa: this line's share of the return's value. */
  amount: number;
  /** The variant an exchange asked for; its stock is held while `exchange_held` is 1. */
  exchange_variant_id: number | null;
  exchange_held: Generated<number>;
  condition: "restock" | "write_off" | null;
  /** When its stock came back (once). */
  restocked_at: string | null;
}

export interface ReturnPhotoTable {
  id: Generated<number>;
  return_id: number;
  /** The stored file's name under the private return-photos folder. */
  file: string;
  size: number;
  created_at: string;
}

/** One step of a return's timeline, in the words the shopper sees. */
export interface ReturnEventTable {
  id: Generated<number>;
  return_id: number;
  status: string;
  message: string;
  actor_email: string;
  created_at: string;
}

export type ReturnRow = Selectable<ReturnTable>;
export type ReturnItemRow = Selectable<ReturnItemTable>;
