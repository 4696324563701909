import type { Kysely } from "kysely";
import { isUniqueViolation } from "../../../platform/db/errors.ts";
import type { Database, Trx } from "../../../platform/db/schema.ts";
import type { ImportOutcome } from "../../../shared/catalog-csv.ts";
import type { CatalogueImportReport } from "../../../shared/contracts/catalog-csv.ts";
import type { ProductStatus } from "../../../shared/product-status.ts";
import { catalogueWrite } from "../../catalog/catalogue-write.ts";
import { sanitizeDescription } from "../../catalog/description-html.ts";
import {
  type GridVariant,
  insertProduct,
  type NewProductImage,
  updateProduct,
} from "../../catalog/product-writer.ts";
import { toRupees } from "../../money/money.ts";
import { type AuditActor, recordAudit } from "../audit.ts";
import { adminProductsRepository } from "../products/admin-products.repository.ts";
import { type ProductSnapshot, productSnapshot, snapshotChanges } from "../products/product-snapshot.ts";
import { type ProductPlan, type RowProblem, readCatalogueCsv } from "./csv-rows.ts";

/** Products written per transaction: each batch commits on its own, so a crash loses at most one batch. */
export const IMPORT_BATCH = 100;

export interface CatalogueImportDeps {
  db: Kysely<Database>;
  /** Told after each committed batch that created or updated a product (by `catalogueWrite`). */
  onCatalogueChanged?: (() => void) | undefined;
  batchSize?: number;
}

export interface ImportProgress {
  /** Products handled so far, of `total`. */
  done: number;
  total: number;
}

export interface ImportOptions {
  actor: AuditActor;
  /** Check everything and report, saving nothing. */
  dryRun: boolean;
  /** For the audit log's summary. */
  fileName?: string | undefined;
  /** After each batch (committed, or rolled back in a dry run). */
  onProgress?: ((progress: ImportProgress) => void) | undefined;
}

/** A product the file refuses, with every reason (the batch goes on without it). */
class Refused extends Error {
  readonly problems: RowProblem[];
  constructor(problems: RowProblem[]) {
    super("refused");
    this.problems = problems;
  }
}

/** Thrown at the end of a dry run's batch so its transaction rolls back. */
class DryRunRollback extends Error {}

interface Named {
  id: number;
  name: string;
}

/** Names to rows, case-insensitively; the first row of a name wins (names are not unique in the schema). */
function byName<T extends Named>(rows: T[], extra: (row: T) => string[] = () => []): Map<string, T> {
  const map = new Map<string, T>();
  for (const row of rows.toSorted((a, b) => a.id - b.id)) {
    for (const name of [row.name, ...extra(row)]) {
      const key = name.trim().toLowerCase();
      if (!map.has(key)) map.set(key, row);
    }
  }
  return map;
}

const sameList = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/** The order photos take: numbered ones by their Image Position, then the rest as the file lists them. */
function orderedImages(plan: ProductPlan) {
  const images = plan.images ?? [];
  return [
    ...images.filter((image) => image.position !== undefined).toSorted((a, b) => a.position! - b.position!),
    ...images.filter((image) => image.position === undefined),
  ];
}

/**
 * Imports a catalogue CSV (docs/catalog-csv.md): every product of the file is created, updated or left as it is
 * (found by its Handle, its variants by colour and size, SKUs unique in the shop), or refused with its reasons, in
 * batches of `IMPORT_BATCH` products per transaction. Every write goes through the catalogue writer, so search,
 * listing price and cover photo follow, and is audit-logged per product; one summary entry records the run.
 * Running the same file again changes nothing ("unchanged"), so a run cut short is finished by running it again.
 */
export async function importCatalogue(
  deps: CatalogueImportDeps,
  text: string,
  options: ImportOptions,
): Promise<CatalogueImportReport> {
  const { db } = deps;
  const batchSize = deps.batchSize ?? IMPORT_BATCH;
  const file = readCatalogueCsv(text);
  const repository = adminProductsRepository(db);
  const outcomes = new Map<ProductPlan, ImportOutcome>();
  const rejections: CatalogueImportReport["rejections"] = [];
  const createdTags = new Map<string, string>();

  const refuse = (plan: ProductPlan, problems: RowProblem[]) => {
    outcomes.set(plan, "rejected");
    for (const problem of problems)
      rejections.push({ row: problem.row, handle: plan.handle, reason: problem.reason });
  };
  const valid = file.products.filter((plan) => {
    if (plan.problems.length === 0) return true;
    refuse(plan, plan.problems);
    return false;
  });

  const [categories, colors, sizes] = await Promise.all([
    db.selectFrom("categories").select(["id", "name", "slug"]).execute(),
    db.selectFrom("colors").select(["id", "name"]).execute(),
    db.selectFrom("sizes").select(["id", "name"]).execute(),
  ]);
  const categoryByName = byName(categories, (row) => [row.slug]);
  const colorByName = byName(colors);
  const sizeByName = byName(sizes);
  const colorName = new Map(colors.map((row) => [row.id, row.name]));
  const sizeName = new Map(sizes.map((row) => [row.id, row.name]));
  const listOf = (rows: Named[]) =>
    rows
      .slice(0, 12)
      .map((row) => row.name)
      .join(", ") + (rows.length > 12 ? "…" : "");

  /** Tag ids for names, creating the missing ones (reported). */
  async function tagIdsFor(trx: Trx, names: string[]): Promise<number[]> {
    if (names.length === 0) return [];
    const wanted = names.map((name) => name.toLowerCase());
    const existing = byName(
      await trx
        .selectFrom("tags")
        .select(["id", "name"])
        .where((eb) => eb(eb.fn("lower", ["name"]), "in", wanted))
        .execute(),
    );
    const ids: number[] = [];
    for (const name of names) {
      let tag = existing.get(name.toLowerCase());
      if (!tag) {
        const { id } = await trx
          .insertInto("tags")
          .values({ name })
          .returning("id")
          .executeTakeFirstOrThrow();
        tag = { id, name };
        existing.set(name.toLowerCase(), tag);
        if (!createdTags.has(name.toLowerCase())) createdTags.set(name.toLowerCase(), name);
      }
      ids.push(tag.id);
    }
    return [...new Set(ids)].toSorted((a, b) => a - b);
  }

  /** Writes one product in the batch's transaction, or throws `Refused` having written nothing of it. */
  async function importOne(trx: Trx, plan: ProductPlan): Promise<ImportOutcome> {
    const problems: RowProblem[] = [];
    const first = plan.rows[0]!;
    const product = await trx
      .selectFrom("products")
      .selectAll()
      .where("slug", "=", plan.handle)
      .executeTakeFirst();
    if (!product) {
      const redirect = await trx
        .selectFrom("product_slug_redirects")
        .innerJoin("products", "products.id", "product_slug_redirects.product_id")
        .select("products.slug")
        .where("product_slug_redirects.old_slug", "=", plan.handle)
        .executeTakeFirst();
      if (redirect) {
        throw new Refused([
          {
            row: first,
            reason: `Handle "${plan.handle}" is an old address of the product now at "${redirect.slug}"; use its current Handle.`,
          },
        ]);
      }
    }
    const current = product ? await repository.variants(product.id, trx) : [];
    const currentTags = product ? await repository.tagIds(product.id, trx) : [];
    if (!product && !plan.title)
      problems.push({ row: first, reason: "Title is required for a new product." });

    let categoryId = product?.category_id;
    if (plan.category) {
      const category = categoryByName.get(plan.category.toLowerCase());
      if (!category) {
        problems.push({
          row: first,
          reason: `Category "${plan.category}" is not one of the shop's categories (${listOf(categories)}).`,
        });
      } else categoryId = category.id;
    } else if (!product) problems.push({ row: first, reason: "Category is required for a new product." });

    const byKey = new Map(current.map((variant) => [`${variant.color_id}x${variant.size_id}`, variant]));
    const grid: GridVariant[] = [];
    for (const variant of plan.variants) {
      const color = colorByName.get(variant.colour.toLowerCase());
      const size = sizeByName.get(variant.size.toLowerCase());
      if (!color) {
        problems.push({
          row: variant.row,
          reason: `Colour "${variant.colour}" is not one of the shop's colours (${listOf(colors)}).`,
        });
      }
      if (!size) {
        problems.push({
          row: variant.row,
          reason: `Size "${variant.size}" is not one of the shop's sizes (${listOf(sizes)}).`,
        });
      }
      if (!color || !size) continue;
      const existing = byKey.get(`${color.id}x${size.id}`);
      const price = variant.price ?? existing?.price;
      if (price === undefined) {
        problems.push({ row: variant.row, reason: "Variant Price is required for a new variant." });
        continue;
      }
      grid.push({
        colorId: color.id,
        sizeId: size.id,
        price,
        stock: variant.stock ?? existing?.stock ?? 0,
        sku: variant.sku ?? existing?.sku ?? undefined,
        keepStock: existing !== undefined && variant.stock === undefined,
      });
    }
    const givenSkus = plan.variants.flatMap((variant) => (variant.sku === undefined ? [] : [variant.sku]));
    if (givenSkus.length > 0) {
      const held = await trx
        .selectFrom("variants")
        .innerJoin("products", "products.id", "variants.product_id")
        .select(["variants.sku", "products.slug"])
        .where("variants.sku", "in", givenSkus)
        .$if(product !== undefined, (query) => query.where("variants.product_id", "!=", product!.id))
        .execute();
      for (const holder of held) {
        const variant = plan.variants.find((entry) => entry.sku === holder.sku)!;
        problems.push({
          row: variant.row,
          reason: `Variant SKU ${holder.sku} belongs to a variant of another product (Handle "${holder.slug}").`,
        });
      }
    }
    const kept = new Set(grid.map((variant) => `${variant.colorId}x${variant.sizeId}`));
    for (const variant of current) {
      if (variant.has_orders && !kept.has(`${variant.color_id}x${variant.size_id}`)) {
        problems.push({
          row: first,
          reason: `${variant.color_name} / ${variant.size_name} has been ordered, so it cannot be removed: keep its row (with Variant Inventory Qty 0 to stop selling it).`,
        });
      }
    }

    const title = plan.title ?? product?.title ?? "";
    const offered = new Set(grid.map((variant) => variant.colorId));
    let images: NewProductImage[] | undefined;
    if (plan.images !== undefined) {
      images = [];
      for (const [index, image] of orderedImages(plan).entries()) {
        let colorId: number | null = null;
        if (image.colour !== "") {
          const color = colorByName.get(image.colour.toLowerCase());
          if (!color || !offered.has(color.id)) {
            problems.push({
              row: image.row,
              reason: `Image Colour "${image.colour}" is not a colour this product is sold in.`,
            });
            continue;
          }
          colorId = color.id;
        }
        images.push({ file: image.src, alt: image.alt || `${title}, photo ${index + 1}`, colorId });
      }
    }
    if (problems.length > 0) throw new Refused(problems);

    const tagIds = plan.tags === undefined ? currentTags : await tagIdsFor(trx, plan.tags ?? []);
    const description =
      plan.body === undefined ? (product?.short_description ?? "") : sanitizeDescription(plan.body ?? "");
    const status: ProductStatus = plan.status ?? product?.status ?? "draft";
    const fields = {
      title,
      categoryId: categoryId!,
      shortDescription: description,
      discount: plan.discount ?? product?.discount ?? 0,
      newArrival: plan.newArrival ?? (product ? product.new_arrival === 1 : false),
      dailyDeal: plan.dailyDeal ?? (product ? product.daily_deal === 1 : false),
      status,
      tagIds,
    };

    if (!product) {
      const productId = await insertProduct(trx, {
        slug: plan.handle,
        ...fields,
        images: images ?? [],
        variants: grid,
      });
      await recordAudit(trx, {
        actor: options.actor,
        action: "product.create",
        entityType: "product",
        entityId: productId,
        after: { ...(await snapshotOf(trx, productId)), source: "csv import" },
      });
      return "created";
    }

    const before = productSnapshot({ product, variants: current, tagIds: currentTags });
    const wanted: ProductSnapshot = {
      title,
      slug: product.slug,
      status,
      description,
      category_id: fields.categoryId,
      tag_ids: tagIds,
      new_arrival: fields.newArrival,
      daily_deal: fields.dailyDeal,
      discount: fields.discount,
      variants: Object.fromEntries(
        grid.map((variant) => {
          const existing = byKey.get(`${variant.colorId}x${variant.sizeId}`);
          return [
            `${colorName.get(variant.colorId)} / ${sizeName.get(variant.sizeId)}`,
            {
              // A new variant without a SKU gets one made: a change either way.
              sku: variant.sku ?? null,
              price: toRupees(variant.price),
              stock: variant.keepStock ? existing!.stock : variant.stock,
            },
          ];
        }),
      ),
    };
    const currentImages =
      images === undefined
        ? undefined
        : await trx
            .selectFrom("product_images")
            .select(["file", "color_id as colorId", "alt"])
            .where("product_id", "=", product.id)
            .orderBy("position")
            .execute();
    const imagesChanged =
      images !== undefined &&
      !sameList(
        currentImages?.map((image) => [image.file, image.alt, image.colorId]),
        images.map((image) => [image.file, image.alt, image.colorId]),
      );
    const fieldChanges = snapshotChanges(before, wanted);
    if (!fieldChanges && !imagesChanged) return "unchanged";

    await updateProduct(trx, product.id, {
      ...fields,
      variants: grid,
      ...(imagesChanged ? { images } : {}),
    });
    const changes = snapshotChanges(before, await snapshotOf(trx, product.id)) ?? { before: {}, after: {} };
    if (imagesChanged) {
      changes.before.images = currentImages?.map((image) => image.file);
      changes.after.images = images?.map((image) => image.file);
    }
    await recordAudit(trx, {
      actor: options.actor,
      action: "product.update",
      entityType: "product",
      entityId: product.id,
      before: changes.before,
      after: { ...changes.after, source: "csv import" },
    });
    return "updated";
  }

  async function snapshotOf(trx: Trx, productId: number) {
    const [product, variants, tagIds] = await Promise.all([
      repository.find(productId, trx),
      repository.variants(productId, trx),
      repository.tagIds(productId, trx),
    ]);
    return productSnapshot({ product: product!, variants, tagIds });
  }

  /**
   * One batch in one transaction; a refused product is left out (its writes never started). A dry run rolls the
   * batch back at the end. Answers each product's outcome, or throws what the database refused.
   */
  async function runBatch(batch: ProductPlan[]): Promise<Map<ProductPlan, ImportOutcome | Refused>> {
    const batchWrite = <T>(work: (trx: Trx) => Promise<T>) =>
      catalogueWrite(db, work, deps.onCatalogueChanged);
    const results = new Map<ProductPlan, ImportOutcome | Refused>();
    const tagsBefore = new Map(createdTags);
    try {
      // The writer marks the products it writes: the caches are told once the batch commits (not in a dry run).
      await batchWrite(async (trx) => {
        results.clear();
        for (const plan of batch) {
          try {
            results.set(plan, await importOne(trx, plan));
          } catch (error) {
            if (!(error instanceof Refused)) throw error;
            results.set(plan, error);
          }
        }
        if (options.dryRun) throw new DryRunRollback();
      });
    } catch (error) {
      if (!(error instanceof DryRunRollback)) {
        // Tags the rolled-back batch created are not there after all.
        createdTags.clear();
        for (const [key, name] of tagsBefore) createdTags.set(key, name);
        throw error;
      }
    }
    return results;
  }

  let done = 0;
  for (let start = 0; start < valid.length; start += batchSize) {
    const batch = valid.slice(start, start + batchSize);
    let results: Map<ProductPlan, ImportOutcome | Refused>;
    try {
      results = await runBatch(batch);
    } catch (error) {
      // A SKU or Handle that another save took while this batch ran: each product again on its own, so only the
      // one that collides is refused.
      if (!isUniqueViolation(error)) throw error;
      results = new Map();
      for (const plan of batch) {
        try {
          for (const [one, outcome] of await runBatch([plan])) results.set(one, outcome);
        } catch (single) {
          if (!isUniqueViolation(single)) throw single;
          results.set(
            plan,
            new Refused([
              {
                row: plan.rows[0]!,
                reason:
                  "Another change to the catalogue took this Handle or one of these SKUs while the file was imported; import the file again.",
              },
            ]),
          );
        }
      }
    }
    for (const [plan, outcome] of results) {
      if (outcome instanceof Refused) refuse(plan, outcome.problems);
      else outcomes.set(plan, outcome);
    }
    done += batch.length;
    options.onProgress?.({ done, total: valid.length });
  }
  if (valid.length === 0) options.onProgress?.({ done: 0, total: 0 });

  const report = summarise(file.products, outcomes, file.rowCount, options.dryRun);
  report.rejections = rejections.toSorted((a, b) => a.row - b.row);
  report.created_tags = [...createdTags.values()];
  if (!options.dryRun) {
    await recordAudit(db, {
      actor: options.actor,
      action: "catalogue.import",
      entityType: "catalogue",
      entityId: "csv",
      after: {
        file: options.fileName ?? null,
        products: report.products,
        rows: report.rows,
        created_tags: report.created_tags,
      },
    });
  }
  return report;
}

function summarise(
  products: ProductPlan[],
  outcomes: Map<ProductPlan, ImportOutcome>,
  rowCount: number,
  dryRun: boolean,
): CatalogueImportReport {
  const zero = () => ({ created: 0, updated: 0, unchanged: 0, rejected: 0 });
  const byProduct = zero();
  const byRow = zero();
  for (const plan of products) {
    const outcome = outcomes.get(plan) ?? "rejected";
    if (plan.handle !== "") byProduct[outcome] += 1;
    byRow[outcome] += plan.rows.length;
  }
  const { created, updated, unchanged, rejected } = byProduct;
  const verb = dryRun ? "would be" : "";
  const part = (count: number, what: string) =>
    `${count} ${count === 1 ? "product" : "products"} ${verb ? `${verb} ` : ""}${what}`;
  const message = `${dryRun ? "Checked only, nothing was saved: " : ""}${[
    part(created, "created"),
    part(updated, "updated"),
    `${unchanged} unchanged`,
    `${rejected} rejected${byRow.rejected > 0 ? ` (${byRow.rejected} ${byRow.rejected === 1 ? "row" : "rows"})` : ""}`,
  ].join(", ")}.`;
  return {
    dry_run: dryRun,
    message,
    products: byProduct,
    rows: { ...byRow, total: rowCount },
    rejections: [],
    created_tags: [],
  };
}
