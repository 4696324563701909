import type { Kysely } from "kysely";
import { isUniqueViolation } from "../../../platform/db/errors.ts";
import type { Database } from "../../../platform/db/schema.ts";
import type { ImportOutcome } from "../../../shared/catalogue-csv.ts";
import type { CatalogueImportReport } from "../../../shared/contracts/catalogue-csv.ts";
import { type CatalogueListener, catalogueWrite } from "../../catalogue/catalogue-write.ts";
import { type AuditActor, recordAudit } from "../audit.ts";
import { adminProductsRepository } from "../products/admin-products.repository.ts";
import { catalogueImportRepository } from "./catalogue-import.repository.ts";
import { Refused, readShopNames, resolveProduct } from "./catalogue-import-resolve.ts";
import { type ImportContext, tagMaker, writeProduct } from "./catalogue-import-write.ts";
import { type ProductPlan, type RowProblem, readCatalogueCsv } from "./csv-rows.ts";
import { nameMaker } from "./name-maker.ts";
import { importPhotos, type PhotoImporter } from "./photo-import.ts";

/** Products written per transaction: each batch commits on its own, so a crash loses at most one batch. */
export const IMPORT_BATCH = 100;

export interface CatalogueImportDeps {
  db: Kysely<Database>;
  /** Told after each committed batch that created or updated a product (by `catalogueWrite`). */
  onCatalogueChanged?: CatalogueListener | undefined;
  batchSize?: number;
  /** Downloads http(s) Image Src URLs into the shop's photos; without, they are kept as given. */
  photos?: PhotoImporter | undefined;
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
  /** Refuse a colour, size or category the shop does not have, instead of creating it. */
  strict?: boolean | undefined;
  /** For the audit log's summary. */
  fileName?: string | undefined;
  /**
   * After each batch (committed, or rolled back in a dry run); answering true stops the import there (a job
   * cancelled): the report says what was done.
   */
  onProgress?: ((progress: ImportProgress) => unknown) | undefined;
}

/** Thrown at the end of a dry run's batch so its transaction rolls back. */
class DryRunRollback extends Error {}

type BatchResults = Map<ProductPlan, ImportOutcome | Refused>;

/**
 * One batch in one transaction: each product resolved, then written; a refused product is left out (its writes
 * never started). A dry run rolls the batch back at the end. Answers each product's outcome, or throws what the
 * database refused.
 */
async function runBatch(
  deps: CatalogueImportDeps,
  context: ImportContext,
  batch: ProductPlan[],
  dryRun: boolean,
): Promise<BatchResults> {
  const results: BatchResults = new Map();
  const tagsBefore = context.tags.saved();
  try {
    // The writer marks the products it writes: the caches are told once the batch commits (not in a dry run).
    await catalogueWrite(
      deps.db,
      async (trx) => {
        results.clear();
        context.maker?.begin();
        for (const plan of batch) {
          try {
            results.set(plan, await writeProduct(trx, context, await resolveProduct(trx, context, plan)));
          } catch (error) {
            if (!(error instanceof Refused)) throw error;
            results.set(plan, error);
          }
        }
        if (dryRun) throw new DryRunRollback();
      },
      deps.onCatalogueChanged,
    );
    context.maker?.commit();
  } catch (error) {
    if (!(error instanceof DryRunRollback)) {
      // Tags, colours, sizes and categories the rolled-back batch created are not there after all.
      context.tags.restore(tagsBefore);
      context.maker?.rollback();
      throw error;
    }
  }
  return results;
}

/**
 * A batch, and when a SKU or Handle was taken by another save while it ran, each of its products again on its
 * own, so only the one that collides is refused.
 */
async function importBatch(
  deps: CatalogueImportDeps,
  context: ImportContext,
  batch: ProductPlan[],
  dryRun: boolean,
): Promise<BatchResults> {
  try {
    return await runBatch(deps, context, batch, dryRun);
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
  }
  const results: BatchResults = new Map();
  for (const plan of batch) {
    try {
      for (const [one, outcome] of await runBatch(deps, context, [plan], dryRun)) results.set(one, outcome);
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
  return results;
}

/**
 * Imports a catalogue CSV (docs/catalogue-csv.md): every product of the file is created, updated or left as it is
 * (found by its Handle, its variants by colour and size, SKUs unique in the shop), or refused with its reasons, in
 * batches of `IMPORT_BATCH` products per transaction. Every write goes through the catalogue writer, so search,
 * listing price and cover photo follow, and is audit-logged per product; one summary entry records the run.
 * Running the same file again changes nothing ("unchanged"), so a run cut short is finished by running it again.
 *
 * In three steps: plan (the file read into one plan per product, csv-rows.ts; a plan with problems is refused
 * before anything is looked up), resolve (each plan against the database: `resolveProduct`,
 * catalogue-import-resolve.ts) and write (`writeProduct`, catalogue-import-write.ts), the last two per product in
 * its batch's transaction. Its own SQL is in catalogue-import.repository.ts.
 */
export async function importCatalogue(
  deps: CatalogueImportDeps,
  text: string,
  options: ImportOptions,
): Promise<CatalogueImportReport> {
  const { db } = deps;
  const batchSize = deps.batchSize ?? IMPORT_BATCH;
  const file = readCatalogueCsv(text);
  const outcomes = new Map<ProductPlan, ImportOutcome>();
  const rejections: CatalogueImportReport["rejections"] = [];

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

  const store = catalogueImportRepository(db);
  const names = await readShopNames(store);
  const context: ImportContext = {
    store,
    products: adminProductsRepository(db),
    names,
    tags: tagMaker(store),
    maker: options.strict ? undefined : nameMaker(store, names),
    actor: options.actor,
  };

  let done = 0;
  let stopped = false;
  for (let start = 0; start < valid.length && !stopped; start += batchSize) {
    const batch = valid.slice(start, start + batchSize);
    if (deps.photos) await importPhotos(deps.photos, batch, options.dryRun);
    const results = await importBatch(deps, context, batch, options.dryRun);
    for (const [plan, outcome] of results) {
      if (outcome instanceof Refused) refuse(plan, outcome.problems);
      else outcomes.set(plan, outcome);
    }
    done += batch.length;
    stopped = (await options.onProgress?.({ done, total: valid.length })) === true && done < valid.length;
  }
  if (valid.length === 0) await options.onProgress?.({ done: 0, total: 0 });

  // Stopped part way: the products not reached are counted nowhere.
  const handled = stopped ? file.products.filter((plan) => outcomes.has(plan)) : file.products;
  const report = summarise(handled, outcomes, file.rowCount, options.dryRun);
  if (stopped) {
    report.message = `Stopped after ${done} of ${valid.length} products, as asked; the rest were not imported (import the file again to finish: what was saved is reported as unchanged). ${report.message}`;
  }
  report.rejections = rejections.toSorted((a, b) => a.row - b.row);
  report.created_tags = [...context.tags.created.values()];
  const made = context.maker?.created;
  report.created = {
    colours: [...(made?.colours.values() ?? [])],
    sizes: [...(made?.sizes.values() ?? [])],
    categories: [...(made?.categories.values() ?? [])],
  };
  report.notes = handled
    .filter((plan) => outcomes.get(plan) !== "rejected")
    .flatMap((plan) => plan.notes.map((note) => ({ row: note.row, handle: plan.handle, note: note.reason })))
    .toSorted((a, b) => a.row - b.row);
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
        created: report.created,
        strict: options.strict === true,
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
    created: { colours: [], sizes: [], categories: [] },
    notes: [],
  };
}
