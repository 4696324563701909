import type { Trx } from "../../../platform/db/schema.ts";
import { writeSearchDocuments } from "../../../platform/db/search-documents.ts";
import { CATEGORY_DEPTH_MAX, CATALOGUE_MESSAGES as M } from "../../../shared/catalogue-settings.ts";
import { inTreeOrder, subtreeHeight, subtreeIds } from "../../../shared/category-tree.ts";
import type {
  AdminCategory,
  AdminCategoryInput,
  AdminColor,
  AdminSize,
  AdminTag,
} from "../../../shared/contracts/admin-catalogue.ts";
import { storedSizeChart } from "../../../shared/contracts/product-details.ts";
import { slugify } from "../../../shared/images.ts";
import { Conflict, NotFound, ValidationFailed } from "../../errors.ts";
import { listingPrice } from "../../products/default-variant.ts";
import { reindexProductsUsing } from "../../products/product-writer.ts";
import { type AuditActor, recordAudit } from "../audit.ts";
import { type CatalogueDeps, committedWrites, sameIds } from "./catalogue-writes.ts";
import { slidesService } from "./slides.service.ts";

/** Products whose card price is recomputed per step after the sizes are reordered. */
const PRICE_STEP = 500;

/** The slug a category gets from its name, moved on to "-2", "-3"... past the taken ones. */
function freeSlug(base: string, taken: Set<string>): string {
  const start = base || "category";
  let slug = start;
  for (let n = 2; taken.has(slug); n++) slug = `${start}-${n}`;
  return slug;
}

/**
 * The back office's catalogue settings: categories (nested, ordered), colours, sizes (ordered), tags and the home
 * page's slides. Each write runs in one transaction with its audit entry and, where names or places change what
 * products' search documents hold, the reindex of those products; after the commit the caches are told.
 */
export function catalogueService(deps: CatalogueDeps) {
  const { repository } = deps;

  const { write, busy } = committedWrites(deps);

  // Categories ---------------------------------------------------------------------------------------------

  async function categoryList(on?: Trx): Promise<AdminCategory[]> {
    return inTreeOrder(await repository.categories(on)).map((row) => ({
      id: row.id,
      name: row.name,
      slug: row.slug,
      parent_id: row.parent_id,
      position: row.position,
      depth: row.depth,
      products: row.products,
      size_chart: storedSizeChart(row.size_chart),
    }));
  }

  async function findCategory(on: Trx, id: number) {
    const list = await categoryList(on);
    const category = list.find((row) => row.id === id);
    if (!category) throw new NotFound(M.categoryNotFound);
    return { category, list };
  }

  /** Refuses a parent that is missing, inside `movingId`'s own subtree, or too deep for the subtree to fit. */
  function checkParent(list: AdminCategory[], parentId: number | null, movingId?: number) {
    if (parentId === null) return;
    const parent = list.find((row) => row.id === parentId);
    if (!parent) throw ValidationFailed.field("parent_id", M.parentMissing);
    if (movingId !== undefined && subtreeIds(list, movingId).includes(parentId))
      throw ValidationFailed.field("parent_id", M.parentCycle);
    const height = movingId === undefined ? 0 : subtreeHeight(list, movingId);
    if (parent.depth + 1 + height > CATEGORY_DEPTH_MAX - 1)
      throw ValidationFailed.field("parent_id", M.tooDeep);
  }

  function checkSiblingName(list: AdminCategory[], parentId: number | null, name: string, exceptId?: number) {
    const clash = list.find(
      (row) =>
        row.parent_id === parentId && row.id !== exceptId && row.name.toLowerCase() === name.toLowerCase(),
    );
    if (clash) throw ValidationFailed.field("name", M.categoryNameTaken(clash.name));
  }

  const snapshotCategory = (row: AdminCategory) => ({
    name: row.name,
    slug: row.slug,
    parent_id: row.parent_id,
    size_chart: row.size_chart,
  });

  /**
   * Brings the listing's card prices up to date after the size order changed: a product opens on its first
   * colour's first size with stock (default-variant.ts), so a product sold in several sizes may now open on
   * another one. Read per step of 500 products, written only where the price moved, in product id order.
   */
  async function refreshCardPrices(trx: Trx): Promise<number> {
    let moved = 0;
    for (let after = 0; ; ) {
      const ids = await repository.productsWithSeveralSizes(trx, after, PRICE_STEP);
      if (ids.length === 0) return moved;
      after = ids.at(-1)!;
      const [products, variants] = await repository.cardPriceInputs(trx, ids);
      for (const product of products) {
        const own = variants.filter((variant) => variant.product_id === product.id);
        if (own.length === 0) continue;
        const card = listingPrice(own, product.discount);
        if (
          card.price === Number(product.price) &&
          card.sale_price === Number(product.sale_price) &&
          card.in_stock === Number(product.in_stock)
        )
          continue;
        await repository.setCardPrice(trx, product.id, card);
        moved++;
      }
    }
  }

  return {
    ...slidesService(deps),

    // Categories -------------------------------------------------------------------------------------------

    listCategories: async () => ({ data: await categoryList() }),

    async createCategory(
      actor: AuditActor,
      input: { name: string; slug?: string | undefined; parent_id: number | null },
    ): Promise<AdminCategory> {
      return write(
        async (trx) => {
          const list = await categoryList(trx);
          checkParent(list, input.parent_id);
          checkSiblingName(list, input.parent_id, input.name);
          const taken = new Set(list.map((row) => row.slug));
          if (input.slug !== undefined && taken.has(input.slug))
            throw ValidationFailed.field("slug", M.slugTaken);
          const slug = input.slug ?? freeSlug(slugify(input.name).slice(0, 100), taken);
          await repository.forgetOldCategorySlug(trx, slug);
          const position = await repository.nextPosition(trx, "categories", input.parent_id);
          const id = await repository.insertCategory(trx, {
            name: input.name,
            slug,
            parent_id: input.parent_id,
            position,
          });
          const { category } = await findCategory(trx, id);
          await recordAudit(trx, {
            actor,
            action: "category.create",
            entityType: "category",
            entityId: id,
            after: snapshotCategory(category),
          });
          return category;
        },
        () => ValidationFailed.field("slug", M.slugTaken),
      );
    },

    async updateCategory(actor: AuditActor, id: number, input: AdminCategoryInput): Promise<AdminCategory> {
      return write(
        async (trx) => {
          const { category: before, list } = await findCategory(trx, id);
          const parentId = input.parent_id === undefined ? before.parent_id : input.parent_id;
          const name = input.name ?? before.name;
          const moved = parentId !== before.parent_id;
          if (moved) checkParent(list, parentId, id);
          if (moved || name !== before.name) checkSiblingName(list, parentId, name, id);
          if (
            input.slug !== undefined &&
            input.slug !== before.slug &&
            list.some((row) => row.slug === input.slug)
          )
            throw ValidationFailed.field("slug", M.slugTaken);
          const position = moved
            ? await repository.nextPosition(trx, "categories", parentId)
            : before.position;
          const slug = input.slug ?? before.slug;
          await repository.updateCategory(trx, id, {
            name,
            slug,
            parent_id: parentId,
            position,
            ...(input.size_chart !== undefined
              ? { size_chart: input.size_chart ? JSON.stringify(input.size_chart) : null }
              : {}),
          });
          // A changed address: the old one answers 301 to the new (as a product's does), and the new one is
          // nobody's old one any more.
          if (slug !== before.slug) {
            await repository.forgetOldCategorySlug(trx, slug);
            await repository.keepOldCategorySlug(trx, before.slug, id, new Date());
          }
          // Search documents carry the category's name (facets) and every category above (filter tokens).
          if (moved)
            await writeSearchDocuments(trx, await repository.productsInCategories(trx, subtreeIds(list, id)));
          else if (name !== before.name) await reindexProductsUsing(trx, { categoryId: id });
          const { category: after } = await findCategory(trx, id);
          await recordAudit(trx, {
            actor,
            action: "category.update",
            entityType: "category",
            entityId: id,
            before: snapshotCategory(before),
            after: snapshotCategory(after),
          });
          return after;
        },
        () => ValidationFailed.field("slug", M.slugTaken),
      );
    },

    async deleteCategory(actor: AuditActor, id: number) {
      await write(async (trx) => {
        const { category } = await findCategory(trx, id);
        const use = await repository.categoryUse(trx, id);
        if (use.children > 0) throw new Conflict(M.categoryHasChildren(use.children));
        if (use.products > 0) throw new Conflict(M.categoryInUse(use.products));
        await repository.deleteCategory(trx, id);
        await recordAudit(trx, {
          actor,
          action: "category.delete",
          entityType: "category",
          entityId: id,
          before: snapshotCategory(category),
        });
      }, busy);
      return { message: "The category was deleted." };
    },

    async reorderCategories(actor: AuditActor, parentId: number | null, ids: number[]) {
      return write(async (trx) => {
        const list = await categoryList(trx);
        if (parentId !== null && !list.some((row) => row.id === parentId))
          throw ValidationFailed.field("parent_id", M.parentMissing);
        const siblings = list.filter((row) => row.parent_id === parentId).map((row) => row.id);
        if (!sameIds(ids, siblings)) throw ValidationFailed.field("ids", M.orderMismatch);
        await repository.setPositions(trx, "categories", ids);
        await recordAudit(trx, {
          actor,
          action: "category.reorder",
          entityType: "category",
          entityId: parentId ?? "top",
          before: siblings,
          after: ids,
        });
        return { data: await categoryList(trx) };
      }, busy);
    },

    // Colours ----------------------------------------------------------------------------------------------

    listColors: async () => ({ data: await repository.colors() }),

    async createColor(actor: AuditActor, input: { name: string; code: string }): Promise<AdminColor> {
      const taken = () => ValidationFailed.field("name", M.colorNameTaken(input.name));
      return write(async (trx) => {
        if (await repository.nameTaken(trx, "colors", input.name)) throw taken();
        const id = await repository.insertColor(trx, input);
        await recordAudit(trx, {
          actor,
          action: "color.create",
          entityType: "color",
          entityId: id,
          after: input,
        });
        return (await repository.colors(trx)).find((row) => row.id === id)!;
      }, taken);
    },

    async updateColor(
      actor: AuditActor,
      id: number,
      input: { name?: string | undefined; code?: string | undefined },
    ) {
      const taken = () => ValidationFailed.field("name", M.colorNameTaken(input.name ?? ""));
      return write(async (trx) => {
        const before = (await repository.colors(trx)).find((row) => row.id === id);
        if (!before) throw new NotFound(M.colorNotFound);
        const name = input.name ?? before.name;
        const code = input.code ?? before.code;
        if (await repository.nameTaken(trx, "colors", name, id)) throw taken();
        await repository.updateColor(trx, id, { name, code });
        if (name !== before.name) await reindexProductsUsing(trx, { colorId: id });
        await recordAudit(trx, {
          actor,
          action: "color.update",
          entityType: "color",
          entityId: id,
          before: { name: before.name, code: before.code },
          after: { name, code },
        });
        return (await repository.colors(trx)).find((row) => row.id === id)!;
      }, taken);
    },

    async deleteColor(actor: AuditActor, id: number) {
      await write(async (trx) => {
        const before = (await repository.colors(trx)).find((row) => row.id === id);
        if (!before) throw new NotFound(M.colorNotFound);
        const use = await repository.variantUse(trx, "color_id", id);
        if (use.variants > 0) throw new Conflict(M.colorInUse(use.variants, use.products));
        await repository.deleteColor(trx, id);
        await recordAudit(trx, {
          actor,
          action: "color.delete",
          entityType: "color",
          entityId: id,
          before: { name: before.name, code: before.code },
        });
      }, busy);
      return { message: "The colour was deleted." };
    },

    // Sizes ------------------------------------------------------------------------------------------------

    listSizes: async () => ({ data: await repository.sizes() }),

    async createSize(actor: AuditActor, input: { name: string }): Promise<AdminSize> {
      const taken = () => ValidationFailed.field("name", M.sizeNameTaken(input.name));
      return write(async (trx) => {
        if (await repository.nameTaken(trx, "sizes", input.name)) throw taken();
        const position = await repository.nextPosition(trx, "sizes");
        const id = await repository.insertSize(trx, { name: input.name, position });
        await recordAudit(trx, {
          actor,
          action: "size.create",
          entityType: "size",
          entityId: id,
          after: input,
        });
        return (await repository.sizes(trx)).find((row) => row.id === id)!;
      }, taken);
    },

    async updateSize(actor: AuditActor, id: number, input: { name: string }) {
      const taken = () => ValidationFailed.field("name", M.sizeNameTaken(input.name));
      return write(async (trx) => {
        const before = (await repository.sizes(trx)).find((row) => row.id === id);
        if (!before) throw new NotFound(M.sizeNotFound);
        if (await repository.nameTaken(trx, "sizes", input.name, id)) throw taken();
        await repository.updateSize(trx, id, { name: input.name });
        await recordAudit(trx, {
          actor,
          action: "size.update",
          entityType: "size",
          entityId: id,
          before: { name: before.name },
          after: input,
        });
        return (await repository.sizes(trx)).find((row) => row.id === id)!;
      }, taken);
    },

    async deleteSize(actor: AuditActor, id: number) {
      await write(async (trx) => {
        const before = (await repository.sizes(trx)).find((row) => row.id === id);
        if (!before) throw new NotFound(M.sizeNotFound);
        const use = await repository.variantUse(trx, "size_id", id);
        if (use.variants > 0) throw new Conflict(M.sizeInUse(use.variants, use.products));
        await repository.deleteSize(trx, id);
        await recordAudit(trx, {
          actor,
          action: "size.delete",
          entityType: "size",
          entityId: id,
          before: { name: before.name },
        });
      }, busy);
      return { message: "The size was deleted." };
    },

    async reorderSizes(actor: AuditActor, ids: number[]) {
      return write(async (trx) => {
        const before = (await repository.sizes(trx)).map((row) => row.id);
        if (!sameIds(ids, before)) throw ValidationFailed.field("ids", M.orderMismatch);
        await repository.setPositions(trx, "sizes", ids);
        const moved = await refreshCardPrices(trx);
        await recordAudit(trx, {
          actor,
          action: "size.reorder",
          entityType: "size",
          entityId: "all",
          before,
          after: { order: ids, card_prices_moved: moved },
        });
        return { data: await repository.sizes(trx) };
      }, busy);
    },

    // Tags -------------------------------------------------------------------------------------------------

    listTags: async () => ({ data: await repository.tags() }),

    async createTag(actor: AuditActor, input: { name: string }): Promise<AdminTag> {
      const taken = () => ValidationFailed.field("name", M.tagNameTaken(input.name));
      return write(async (trx) => {
        if (await repository.nameTaken(trx, "tags", input.name)) throw taken();
        const id = await repository.insertTag(trx, input);
        await recordAudit(trx, {
          actor,
          action: "tag.create",
          entityType: "tag",
          entityId: id,
          after: input,
        });
        return (await repository.tags(trx)).find((row) => row.id === id)!;
      }, taken);
    },

    async updateTag(actor: AuditActor, id: number, input: { name: string }) {
      const taken = () => ValidationFailed.field("name", M.tagNameTaken(input.name));
      return write(async (trx) => {
        const before = (await repository.tags(trx)).find((row) => row.id === id);
        if (!before) throw new NotFound(M.tagNotFound);
        if (await repository.nameTaken(trx, "tags", input.name, id)) throw taken();
        await repository.updateTag(trx, id, { name: input.name });
        if (input.name !== before.name) await reindexProductsUsing(trx, { tagId: id });
        await recordAudit(trx, {
          actor,
          action: "tag.update",
          entityType: "tag",
          entityId: id,
          before: { name: before.name },
          after: input,
        });
        return (await repository.tags(trx)).find((row) => row.id === id)!;
      }, taken);
    },

    async deleteTag(actor: AuditActor, id: number) {
      await write(async (trx) => {
        const before = (await repository.tags(trx)).find((row) => row.id === id);
        if (!before) throw new NotFound(M.tagNotFound);
        // The tag leaves its products (product_tags cascades); their documents are rewritten without it.
        await reindexProductsUsing(trx, { tagId: id }, () => repository.deleteTag(trx, id));
        await recordAudit(trx, {
          actor,
          action: "tag.delete",
          entityType: "tag",
          entityId: id,
          before: { name: before.name, products: before.products },
        });
      }, busy);
      return { message: "The tag was deleted." };
    },
  };
}

export type CatalogueService = ReturnType<typeof catalogueService>;
