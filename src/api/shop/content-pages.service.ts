import type { Kysely } from "kysely";
import type { Database, Db } from "../../platform/db/schema.ts";
import {
  CONTENT_PAGES,
  type ContentPage,
  isPageSlug,
  PAGE_SLUGS,
  type PageSlug,
  type PageUpdate,
} from "../../shared/contracts/shop-details.ts";
import { type AuditActor, recordAudit } from "../admin/audit.ts";
import {
  type CatalogueListener,
  catalogueWrite,
  markCatalogueChanged,
} from "../catalogue/catalogue-write.ts";
import { sanitizePageHtml } from "../catalogue/description-html.ts";
import { NotFound, ValidationFailed } from "../errors.ts";
import { escapeHtml } from "../escape-html.ts";
import { contentPagesRepository as repository } from "./content-pages.repository.ts";
import { DEFAULT_PAGES } from "./default-pages.ts";
import { currentShopDetails } from "./shop-details.ts";

/**
 * The shop's content pages (decision 0066): About, Terms, Privacy and the returns, delivery and FAQ sections shown
 * on them. Staff and owners edit them; the HTML is sanitised on save (and again when read, so a row written around
 * the back office is safe too). Saving is a catalogue change: the kept pages showing it are dropped everywhere.
 */
export function contentPagesService(db: Kysely<Database>, onCatalogueChanged?: CatalogueListener) {
  function slugOf(slug: string): PageSlug {
    if (!isPageSlug(slug)) throw new NotFound("No such page.");
    return slug;
  }

  async function read(from: Db, slug: PageSlug): Promise<ContentPage> {
    const row = await repository.find(from, slug);
    const base = { slug, path: CONTENT_PAGES[slug].path };
    if (row) {
      const { title, body_html, seo_title, seo_description, updated_at, updated_by } = row;
      const body = sanitizePageHtml(body_html);
      return { ...base, title, body_html: body, seo_title, seo_description, updated_at, updated_by };
    }
    const { name } = await currentShopDetails(db);
    const page = DEFAULT_PAGES[slug];
    const named = (text: string) => text.replaceAll("{shop}", name);
    return {
      ...base,
      title: page.title,
      body_html: page.body_html.replaceAll("{shop}", escapeHtml(name)),
      seo_title: named(page.seo_title),
      seo_description: named(page.seo_description),
      updated_at: null,
      updated_by: null,
    };
  }

  /** The HTML as it will be kept: refused when nothing readable is left. */
  function sanitised(html: string): string {
    const body = sanitizePageHtml(html);
    if (body.replace(/<[^>]*>/g, "").trim() === "") {
      throw ValidationFailed.field(
        "body_html",
        "The text has nothing to show once the HTML the shop does not keep is removed.",
      );
    }
    return body;
  }

  return {
    get: (slug: string) => read(db, slugOf(slug)),

    list: async () => ({ data: await Promise.all(PAGE_SLUGS.map((slug) => read(db, slug))) }),

    preview: async (slug: string, html: string) => {
      slugOf(slug);
      return { body_html: sanitised(html) };
    },

    async save(actor: AuditActor, slug: string, input: PageUpdate): Promise<ContentPage> {
      const page = slugOf(slug);
      const kept: PageUpdate = { ...input, body_html: sanitised(input.body_html) };
      const now = new Date();
      return catalogueWrite(
        db,
        async (trx) => {
          markCatalogueChanged(trx);
          const before = await repository.find(trx, page);
          await repository.save(trx, page, kept, actor.email, now);
          await recordAudit(
            trx,
            {
              actor,
              action: before ? "page.update" : "page.create",
              entityType: "page",
              entityId: page,
              ...(before ? { before: { ...before } } : {}),
              after: kept,
            },
            now,
          );
          return read(trx, page);
        },
        onCatalogueChanged,
      );
    },
  };
}

export type ContentPagesService = ReturnType<typeof contentPagesService>;
