import type { Kysely } from "kysely";
import { type Migration, type MigrationProvider, Migrator } from "kysely/migration";
import type { Engine } from "./connection.ts";
import * as initial from "./migrations/001-initial.ts";
import * as productImages from "./migrations/002-product-images.ts";
import * as mailOutbox from "./migrations/003-mail-outbox.ts";
import * as schemaGuards from "./migrations/004-schema-guards.ts";
import * as passwordReset from "./migrations/005-password-reset.ts";
import * as searchIndex from "./migrations/006-search-index.ts";
import * as backOffice from "./migrations/007-back-office.ts";
import * as searchSpeed from "./migrations/008-search-speed.ts";
import * as wishlist from "./migrations/009-wishlist.ts";
import * as contactNewsletter from "./migrations/010-contact-newsletter.ts";
import * as reviews from "./migrations/011-reviews.ts";
import * as orderHistory from "./migrations/012-order-history.ts";
import * as productAdmin from "./migrations/013-product-admin.ts";
import * as catalogueSettings from "./migrations/014-catalogue-settings.ts";
import * as searchIndexReads from "./migrations/016-search-index-reads.ts";
import * as searchNames from "./migrations/017-search-names.ts";
import * as searchListingColumns from "./migrations/018-search-listing-columns.ts";
import * as signingSecret from "./migrations/019-signing-secret.ts";
import * as staffTwoFactor from "./migrations/020-staff-two-factor.ts";
import * as staffInvitations from "./migrations/021-staff-invitations.ts";
import * as accountProtection from "./migrations/022-account-protection.ts";
import * as codOrders from "./migrations/023-cod-orders.ts";
import * as messageOutbox from "./migrations/024-message-outbox.ts";
import * as shipments from "./migrations/025-shipments.ts";
import * as codCollections from "./migrations/026-cod-collections.ts";
import * as couponsAndDelivery from "./migrations/027-coupons-and-delivery.ts";
import * as campaigns from "./migrations/028-campaigns.ts";
import * as saleExtras from "./migrations/029-sale-extras.ts";
import * as payments from "./migrations/030-payments.ts";
import * as paymentListIndexes from "./migrations/031-payment-list-indexes.ts";
import * as returns from "./migrations/032-returns.ts";
import * as listingIndexes from "./migrations/033-listing-indexes.ts";
import * as categorySlugRedirects from "./migrations/034-category-slug-redirects.ts";
import * as stockAlerts from "./migrations/035-stock-alerts.ts";
import * as customerNotes from "./migrations/036-customer-notes.ts";
import * as inboxAndNewsletterIssues from "./migrations/037-inbox-and-newsletter-issues.ts";
import * as productDetails from "./migrations/039-product-details.ts";
import * as blogPosts from "./migrations/041-blog-posts.ts";
import * as orderChannel from "./migrations/043-order-channel.ts";
import * as jobs from "./migrations/044-jobs.ts";
import * as listingFacets from "./migrations/045-listing-facets.ts";
import * as contentPages from "./migrations/046-content-pages.ts";
import type { Database } from "./schema.ts";

/** Migrations are listed here (not read from a folder) so the bundled server carries them. */
const migrations: Record<string, { up(db: Kysely<unknown>, engine: Engine): Promise<void> }> = {
  "001-initial": initial,
  "002-product-images": productImages,
  "003-mail-outbox": mailOutbox,
  "004-schema-guards": schemaGuards,
  "005-password-reset": passwordReset,
  "006-search-index": searchIndex,
  "007-back-office": backOffice,
  "008-search-speed": searchSpeed,
  "009-wishlist": wishlist,
  "010-contact-newsletter": contactNewsletter,
  "011-reviews": reviews,
  "012-order-history": orderHistory,
  "013-product-admin": productAdmin,
  "014-catalogue-settings": catalogueSettings,
  "016-search-index-reads": searchIndexReads,
  "017-search-names": searchNames,
  "018-search-listing-columns": searchListingColumns,
  "019-signing-secret": signingSecret,
  "020-staff-two-factor": staffTwoFactor,
  "021-staff-invitations": staffInvitations,
  "022-account-protection": accountProtection,
  "023-cod-orders": codOrders,
  "024-message-outbox": messageOutbox,
  "025-shipments": shipments,
  "026-cod-collections": codCollections,
  "027-coupons-and-delivery": couponsAndDelivery,
  "028-campaigns": campaigns,
  "029-sale-extras": saleExtras,
  "030-payments": payments,
  "031-payment-list-indexes": paymentListIndexes,
  "032-returns": returns,
  "033-listing-indexes": listingIndexes,
  "034-category-slug-redirects": categorySlugRedirects,
  "035-stock-alerts": stockAlerts,
  "036-customer-notes": customerNotes,
  "037-inbox-and-newsletter-issues": inboxAndNewsletterIssues,
  "039-product-details": productDetails,
  "041-blog-posts": blogPosts,
  "043-order-channel": orderChannel,
  "044-jobs": jobs,
  "045-listing-facets": listingFacets,
  "046-content-pages": contentPages,
};

/** The migrations above for one engine, for Kysely's Migrator (tests also use it to stop at an older one). */
export class StaticProvider implements MigrationProvider {
  private readonly engine: Engine;
  constructor(engine: Engine) {
    this.engine = engine;
  }
  async getMigrations(): Promise<Record<string, Migration>> {
    return Object.fromEntries(
      Object.entries(migrations).map(([name, migration]) => [
        name,
        { up: (db: Kysely<unknown>) => migration.up(db, this.engine) },
      ]),
    );
  }
}

/**
 * Migration numbers are handed to features built side by side, and the features land in any order: a database
 * that already ran a higher number (013) takes a lower one that landed after it (010) on its next start, rather
 * than refusing to start. Each migration touches only its own tables and columns, so their order does not matter.
 */
const migratorFor = (db: Kysely<Database>, engine: Engine) =>
  new Migrator({ db, provider: new StaticProvider(engine), allowUnorderedMigrations: true });

export async function migrateToLatest(db: Kysely<Database>, engine: Engine): Promise<string[]> {
  const migrator = migratorFor(db, engine);
  const { error, results } = await migrator.migrateToLatest();
  if (error) {
    const failed = results?.find((result) => result.status === "Error")?.migrationName ?? "unknown";
    throw new Error(`Migration ${failed} failed: ${error instanceof Error ? error.message : String(error)}`);
  }
  return (results ?? [])
    .filter((result) => result.status === "Success")
    .map((result) => result.migrationName);
}

/** Migrations the code knows that the database has not run yet (readiness: a database behind the code). */
export async function pendingMigrations(db: Kysely<Database>, engine: Engine): Promise<string[]> {
  const migrator = migratorFor(db, engine);
  const migrations = await migrator.getMigrations();
  return migrations
    .filter((migration) => migration.executedAt === undefined)
    .map((migration) => migration.name);
}
