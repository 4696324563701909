import { versionedCache } from "./count-cache.ts";

/**
 * What every page reads from the catalogue (categories, colours, sizes, tags, sliders) and the listing pages
 * without a search, kept in this process's memory. Dropped by `catalogueChanged()`, which `catalogueWrite`
 * calls after every committed catalogue write and the server calls when another instance says it wrote
 * (docs/decisions/0033-public-html-cache.md); a minute at most otherwise, the safety net for a change whose
 * message was lost.
 */
const TTL_MS = 60_000;
/** Listing pages kept: the filters shoppers use are few, and each page is a few KB. */
const MAX_LISTINGS = 500;

export function catalogueCache() {
  const lists = versionedCache<unknown>(TTL_MS, 16);
  const listings = versionedCache<unknown>(TTL_MS, MAX_LISTINGS);
  return {
    /** One of the small lists (categories, colours...), by name. */
    list<T>(name: string, load: () => Promise<T>): Promise<T> {
      return lists.get(name, load) as Promise<T>;
    },
    /** A page of the listing, by its query (normalised by the contract's schema first). */
    listing<T>(query: object, load: () => Promise<T>): Promise<T> {
      return listings.get(JSON.stringify(query), load) as Promise<T>;
    },
  };
}
