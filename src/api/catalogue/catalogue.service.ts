import { searchWords } from "../../platform/db/search-documents.ts";
import { inTreeOrder, subtreeIds } from "../../shared/category-tree.ts";
import {
  type Category,
  PRODUCTS_PER_PAGE,
  type ProductCard,
  type ProductDetail,
  type ProductList,
  type ProductQuery,
  type SizeOption,
  type Slider,
} from "../../shared/contracts/catalogue.ts";
import { storedDetails, storedSizeChart } from "../../shared/contracts/product-details.ts";
import type { Suggestions } from "../../shared/contracts/search.ts";
import { formatAmount } from "../../shared/money.ts";
import { SUGGEST_LIMIT } from "../../shared/search-limits.ts";
import { Gone, NotFound } from "../errors.ts";
import { salePrice, toRupees } from "../money/money.ts";
import { pageMeta } from "../pagination.ts";
import { defaultVariant, inDisplayOrder, listingPrice } from "../products/default-variant.ts";
import { toProductImage } from "../products/product-images.service.ts";
import type { SearchFilter } from "../search/search.repository.ts";
import { type CatalogRepository, filterKey } from "./catalogue.repository.ts";
import { catalogueCache } from "./catalogue-cache.ts";
import { countCache } from "./count-cache.ts";
import { sanitizeDescription } from "./description-html.ts";

interface CardRow {
  id: number;
  slug: string;
  title: string;
  image: string | null;
  back_image: string | null;
  price: number;
  sale_price: number;
  discount: number;
  new_arrival: number;
  rating: number;
  reviews: number;
}

function toCard(row: CardRow): ProductCard {
  return {
    id: row.id,
    slug: row.slug,
    title: row.title,
    image: row.image,
    back_image: row.back_image,
    price: toRupees(row.price),
    discount_price: row.discount > 0 ? toRupees(row.sale_price) : null,
    discount: row.discount,
    new_arrival: row.new_arrival === 1,
    rating: row.rating,
    reviews: row.reviews,
  };
}

export const PRODUCT_GONE = "This product is no longer available.";

/** At most this many "did you mean" queries. */
const MAX_SUGGESTIONS = 3;

/** A category address that is nobody's, current or old. */
export const CATEGORY_NOT_FOUND = "No category has this address.";

/**
 * How many products a listing without a search counts and pages through at most, in its order (newest first, or
 * by price): 834 pages of 12. More than that matching says `total_capped` ("10000+"), and a page past it is empty
 * as a page past the last is. Counting and skipping stop there, so no listing request costs more in a catalogue
 * of a million than in one of ten thousand (docs/decisions/0059-a-million-products.md).
 */
export const LISTING_WINDOW = 10_000;

export interface CatalogServiceOptions {
  /** The listing's window (`LISTING_WINDOW`; tests use a small one). */
  listingWindow?: number;
}

export function catalogService(
  repository: CatalogRepository,
  cache: ReturnType<typeof catalogueCache> = catalogueCache(),
  options: CatalogServiceOptions = {},
) {
  const totals = countCache();
  const window = options.listingWindow ?? LISTING_WINDOW;

  /** Corrected queries (from the catalogue's words) that find something under `filter`, best first. */
  async function didYouMean(words: string[], filter: Omit<SearchFilter, "words">): Promise<string[]> {
    if (words.length === 0) return [];
    const found: string[] = [];
    for (const candidate of await repository.vocabulary.alternatives(words, MAX_SUGGESTIONS)) {
      const search = candidate.join(" ");
      if (found.includes(search)) continue;
      if (await repository.search.finds({ ...filter, words: candidate })) found.push(search);
      if (found.length === MAX_SUGGESTIONS) break;
    }
    return found;
  }

  /**
   * A search: exact words first (stems, last word as a prefix); when that finds nothing, the same with each
   * unknown word corrected by one edit; when that finds nothing too, "did you mean" queries in `meta`.
   * At most `SEARCH_WINDOW` products are answered (search.repository.ts); `meta.total_capped` says there are more.
   */
  async function searchProducts(query: ProductQuery & { search: string }): Promise<ProductList> {
    const perPage = query.take ?? PRODUCTS_PER_PAGE;
    const offset = (query.page - 1) * perPage;
    const { search: _search, take: _take, page: _page, sort, ...filter } = query;
    const words = searchWords(query.search);
    let answer = await repository.search.search({ ...filter, words }, sort, perPage, offset);
    let suggestions: string[] | undefined;
    if (answer.total === 0 && words.length > 0) {
      const corrected = await repository.vocabulary.correct(words);
      if (corrected) {
        const correctedAnswer = await repository.search.search(
          { ...filter, words: corrected },
          sort,
          perPage,
          offset,
        );
        if (correctedAnswer.total > 0) answer = correctedAnswer;
      }
      if (answer.total === 0) suggestions = await didYouMean(words, filter);
    }
    const meta = {
      ...pageMeta(query.page, perPage, answer.rows.length, answer.total),
      total_capped: answer.capped,
    };
    return { data: answer.rows.map(toCard), meta: suggestions ? { ...meta, suggestions } : meta };
  }

  /** The ids of a category and of every category under it (undefined: no category, or it has none under it). */
  async function categorySubtree(slug: string | undefined): Promise<number[] | undefined> {
    if (slug === undefined) return undefined;
    const places = await repository.categoryPlaces();
    const category = places.find((place) => place.slug === slug);
    if (!category || !places.some((place) => place.parent_id === category.id)) return undefined;
    return subtreeIds(places, category.id);
  }

  /**
   * A page of the listing without a search (kept by the catalogue cache), within the listing's window: the total
   * is exact up to `window`, beyond it the answer says `total_capped` and pages stop at the window's end.
   */
  async function listProducts(query: ProductQuery): Promise<ProductList> {
    const perPage = query.take ?? PRODUCTS_PER_PAGE;
    const offset = (query.page - 1) * perPage;
    const filter = { ...query, categoryIds: await categorySubtree(query.category) };
    const inWindow = Math.min(perPage, window - offset);
    const [counted, rows] = await Promise.all([
      totals.get(filterKey(query), () => repository.countProducts(filter, window)),
      inWindow > 0 ? repository.listProducts(filter, query.sort, inWindow, offset) : [],
    ]);
    // Said only when capped: below the window a listing answers as it always did.
    const meta = pageMeta(query.page, perPage, rows.length, Math.min(counted, window));
    return { data: rows.map(toCard), meta: counted > window ? { ...meta, total_capped: true } : meta };
  }

  return {
    /**
     * Up to three corrected queries built from the catalogue's words that each find something, for a search
     * that found nothing (empty when the search found something or nothing close is known).
     */
    async didYouMean(search: string): Promise<string[]> {
      const words = searchWords(search);
      if (words.length === 0 || (await repository.search.finds({ words }))) return [];
      return didYouMean(words, {});
    },

    listProducts(query: ProductQuery): Promise<ProductList> {
      if (query.search !== undefined) return searchProducts({ ...query, search: query.search });
      return cache.listing(query, () => listProducts(query));
    },

    /**
     * Search-as-you-type: the first page of the listing's own search (so it ranks as /shop?search= does and
     * improves with it) plus the categories whose name contains the text.
     */
    async suggestions(q: string): Promise<Suggestions> {
      const needle = q.toLocaleLowerCase();
      const [list, categories] = await Promise.all([
        this.listProducts({ search: q, take: SUGGEST_LIMIT, page: 1, sort: "default" }),
        repository.categories(),
      ]);
      return {
        query: q,
        products: list.data.map(({ id, slug, title, image, price, discount_price }) => ({
          id,
          slug,
          title,
          image,
          price,
          discount_price,
        })),
        categories: categories
          .filter((category) => category.name.toLocaleLowerCase().includes(needle))
          .map(({ id, name, slug, parent_id }) => ({ id, name, slug, parent_id }))
          .slice(0, SUGGEST_LIMIT),
        total: list.meta.total,
        total_capped: list.meta.total_capped === true,
      };
    },

    async productBySlug(slug: string): Promise<ProductDetail> {
      const row = await repository.findProductBySlug(slug);
      // A draft is not there yet for shoppers; an archived product was, and its page says so.
      if (!row || row.status === "draft") throw new NotFound("No Product Found");
      if (row.status === "archived") throw new Gone(PRODUCT_GONE);
      // The sale's countdown, when a running sale with one prices the product (not when its own percent is better).
      const pricedBySale = row.campaign_id !== null && row.campaign_discount > row.own_discount;
      const ownChart = storedSizeChart(row.size_chart);
      const [colors, imageRows, variantRows, sale, categoryChart] = await Promise.all([
        repository.productColors(row.id),
        repository.productImages(row.id),
        repository.productVariants(row.id),
        pricedBySale ? repository.saleCountdown(new Date().toISOString(), row.campaign_id!) : undefined,
        ownChart ? null : repository.categorySizeChart(row.category_id).then(storedSizeChart),
      ]);
      const images = imageRows.map(toProductImage);
      const variants = inDisplayOrder(variantRows);
      const opensOn = defaultVariant(variants);
      // The card's price comes from the same rule (the listing's copy, `listingPrice`); here it is read fresh.
      const prices = opensOn ? listingPrice(variantRows, row.discount) : row;
      return {
        ...toCard({ ...row, ...prices }),
        image: images[0]?.url ?? null,
        back_image: images[1]?.url ?? null,
        gallery: images.map((image) => image.url),
        short_description: sanitizeDescription(row.short_description),
        colors: colors.map((color) => ({
          color_id: color.id,
          color_name: color.name,
          color_code: color.code,
          default_variation_id: defaultVariant(variants.filter((variant) => variant.color_id === color.id))!
            .id,
        })),
        default_color_id: opensOn?.color_id ?? null,
        default_variation_id: opensOn?.id ?? null,
        category: { name: row.category_name, slug: row.category_slug },
        images,
        sale: sale ?? null,
        final_sale: row.final_sale === 1,
        details: storedDetails(row.details),
        size_chart: ownChart
          ? { ...ownChart, source: "product" }
          : categoryChart
            ? { ...categoryChart, source: "category" }
            : null,
      };
    },

    /** The running sale with a countdown that ends first, for the home page. */
    async runningSale() {
      return { sale: (await repository.saleCountdown(new Date().toISOString())) ?? null };
    },

    async sizes(productId: number, colorId: number): Promise<SizeOption[]> {
      const product = await repository.liveProduct(productId);
      if (!product) throw new NotFound("No Product Found");
      const sizes = await repository.sizesFor(productId, colorId);
      if (sizes.length === 0) throw new NotFound("This colour is not available for this product.");
      return sizes.map((size) => ({
        id: size.id,
        size_name: size.size_name,
        price: formatAmount(toRupees(salePrice(size.price, product.discount))),
        regular_price: formatAmount(toRupees(size.price)),
        stock: size.stock,
      }));
    },

    // Slides have dates (a slide shows from its start to its end): a kept list is at most a minute late.
    sliders: (): Promise<Slider[]> =>
      cache.list("sliders", async () =>
        (await repository.sliders(new Date().toISOString())).map((row) => ({
          id: row.id,
          url: row.url,
          slideimage: row.image,
          slide_mobile: row.image_mobile,
        })),
      ),

    /** Where a category's old address leads now (a renamed slug: 301 there), or a 404. */
    async categoryRedirect(slug: string): Promise<{ slug: string }> {
      const current = await repository.categoryRedirect(slug);
      if (current === undefined) throw new NotFound(CATEGORY_NOT_FOUND);
      return { slug: current };
    },

    /** Every category, each followed by its subcategories (depth first, by position). */
    categories: (): Promise<Category[]> =>
      cache.list("categories", async () =>
        inTreeOrder(await repository.categories()).map(({ id, name, slug, parent_id }) => ({
          id,
          name,
          slug,
          parent_id,
        })),
      ),
    colors: () =>
      cache.list("colors", async () =>
        (await repository.colors()).map((color) => ({ id: color.id, title: color.name, code: color.code })),
      ),
    sizeList: () =>
      cache.list("sizes", async () =>
        (await repository.sizes()).map((size) => ({ id: size.id, size: size.name })),
      ),
    tags: () => cache.list("tags", () => repository.tags()),
  };
}
export type CatalogService = ReturnType<typeof catalogService>;
