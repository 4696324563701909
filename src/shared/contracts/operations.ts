import type { z } from "zod";
import { accountOperations } from "./account.operations.ts";
import { adminOperations, adminSessionOperations } from "./admin.operations.ts";
import { adminCatalogueOperations } from "./admin-catalogue.operations.ts";
import { adminOrderOperations } from "./admin-orders.operations.ts";
import { adminProductOperations } from "./admin-products.operations.ts";
import { adminBlogOperations, blogOperations } from "./blog.operations.ts";
import { adminCampaignOperations } from "./campaigns.operations.ts";
import { cartOperations } from "./cart.operations.ts";
import { catalogOperations } from "./catalogue.operations.ts";
import { catalogueCsvOperations } from "./catalogue-csv.operations.ts";
import { checkoutOperations } from "./checkout.operations.ts";
import { codCollectionOperations } from "./cod-collections.operations.ts";
import { contactOperations } from "./contact.operations.ts";
import type { Operation } from "./contract.ts";
import { adminCouponOperations } from "./coupons.operations.ts";
import { adminInboxOperations } from "./inbox.operations.ts";
import { adminJobOperations } from "./jobs.operations.ts";
import { adminNewsletterOperations, newsletterOperations } from "./newsletter.operations.ts";
import { adminNewsletterIssueOperations } from "./newsletter-issues.operations.ts";
import { orderOperations } from "./orders.operations.ts";
import { paymentOperations } from "./payments.operations.ts";
import { adminReturnOperations, returnOperations } from "./returns.operations.ts";
import { adminReviewOperations, reviewOperations } from "./reviews.operations.ts";
import { searchOperations } from "./search.operations.ts";
import { shipmentOperations } from "./shipments.operations.ts";
import { adminShopDetailsOperations, shopDetailsOperations } from "./shop-details.operations.ts";
import { adminStockAlertOperations, stockAlertOperations } from "./stock-alerts.operations.ts";
import { twoFactorOperations } from "./two-factor.operations.ts";
import { wishlistOperations } from "./wishlist.operations.ts";

export { checkoutHeadersSchema } from "./checkout.operations.ts";
export {
  type ApiError,
  type ErrorStatus,
  errorSchema,
  messageSchema,
  OPERATION_TAGS,
  type Operation,
  type OperationTag,
} from "./contract.ts";
export { orderHistoryQuerySchema, orderPageSchema } from "./orders.operations.ts";

/**
 * The commerce API's contract: every operation with its path, input and answer. The API registers its routes
 * from this table (and validates with the same schemas), the OpenAPI document at /api/openapi.json is generated
 * from it, and the storefront's client is typed from it, so a changed endpoint breaks the client's build.
 *
 * Each feature's rows are in its own `<feature>.operations.ts`, beside its schemas in `<feature>.ts` (kept apart
 * so that the storefront's browser code, which imports some schemas, never carries the rows); a row's shape is
 * `Operation` (contract.ts). The table below puts them together in the order the OpenAPI document lists them.
 */
export const operations = {
  ...catalogOperations,
  ...searchOperations,
  ...cartOperations,
  ...wishlistOperations,
  ...checkoutOperations,
  ...accountOperations,
  ...orderOperations,
  ...returnOperations,
  ...contactOperations,
  ...blogOperations,
  ...shopDetailsOperations,
  ...newsletterOperations,
  ...stockAlertOperations,
  ...adminSessionOperations,
  ...twoFactorOperations,
  ...adminProductOperations,
  ...catalogueCsvOperations,
  ...adminJobOperations,
  ...reviewOperations,
  ...adminReviewOperations,
  ...adminNewsletterOperations,
  ...adminNewsletterIssueOperations,
  ...adminInboxOperations,
  ...adminOperations,
  ...adminOrderOperations,
  ...shipmentOperations,
  ...codCollectionOperations,
  ...adminCouponOperations,
  ...adminCampaignOperations,
  ...adminCatalogueOperations,
  ...paymentOperations,
  ...adminReturnOperations,
  ...adminStockAlertOperations,
  ...adminBlogOperations,
  ...adminShopDetailsOperations,
} as const satisfies Record<string, Operation>;

export type Operations = typeof operations;
export type OperationId = keyof Operations;

/** ":slug" in "/product/:slug" becomes { slug: string }. */
export type PathParams<Path extends string> = Path extends `${string}:${infer Name}/${infer Rest}`
  ? { [K in Name]: string } & PathParams<`/${Rest}`>
  : Path extends `${string}:${infer Name}`
    ? { [K in Name]: string }
    : Record<never, never>;

/** The successful answer's body of an operation. */
export type Answer<Id extends OperationId> = z.output<Operations[Id]["response"]>;
