import type { Trx } from "../../../platform/db/schema.ts";
import { slugify } from "../../../shared/images.ts";
import type { CatalogueImportRepository } from "./catalogue-import.repository.ts";
import type { Named, ShopNames } from "./catalogue-import-resolve.ts";

/**
 * The colours, sizes and categories an import creates when the file names ones the shop does not have
 * (docs/decisions/0065-shopify-import.md; not in a strict import). Made in the batch's transaction, once each
 * per import (found again case-insensitively, also when another save made them meanwhile); a batch that rolls back
 * (an error, or every batch of a dry run) forgets what it made, but the report still lists the names.
 */

export type NameKind = "colours" | "sizes" | "categories";

/** A new colour's swatch: a common colour name's, else a neutral grey (the owner sets it in Colours). */
const SWATCHES: Record<string, string> = {
  black: "#000000",
  white: "#ffffff",
  grey: "#808080",
  gray: "#808080",
  silver: "#c0c0c0",
  red: "#c0392b",
  maroon: "#800000",
  pink: "#f4a6c1",
  orange: "#e67e22",
  yellow: "#f1c40f",
  gold: "#d4af37",
  green: "#27ae60",
  olive: "#808000",
  teal: "#008080",
  blue: "#2e6bd1",
  navy: "#1f2a44",
  purple: "#7d3c98",
  brown: "#7b4a2a",
  tan: "#d2b48c",
  beige: "#e8dcc4",
  cream: "#fffdd0",
  khaki: "#c3b091",
  mustard: "#e1ad01",
  burgundy: "#800020",
  camel: "#c19a6b",
  ivory: "#fffff0",
  peach: "#ffcba4",
  lilac: "#c8a2c8",
  mint: "#98ff98",
};
export const NEUTRAL_SWATCH = "#9ca3af";

/** The swatch for a new colour: by its name ("Navy", or the last word of "Dark Navy"), else neutral grey. */
export function swatchFor(name: string): string {
  const words = name
    .toLowerCase()
    .split(/[^a-z]+/)
    .filter(Boolean);
  for (const word of [words.join(""), ...words.toReversed()]) {
    const code = SWATCHES[word];
    if (code) return code;
  }
  return NEUTRAL_SWATCH;
}

export function nameMaker(store: CatalogueImportRepository, names: ShopNames) {
  /** Lower-cased name to name, by kind, in the order they were made: for the report. */
  const created: Record<NameKind, Map<string, string>> = {
    colours: new Map(),
    sizes: new Map(),
    categories: new Map(),
  };
  /** Made in the batch's transaction, not yet committed. */
  let pending: { kind: NameKind; row: Named }[] = [];
  const maps = {
    colours: names.colorByName,
    sizes: names.sizeByName,
    categories: names.categoryByName,
  } satisfies Record<NameKind, Map<string, Named>>;
  let createdBefore = structuredClone(created);

  return {
    created,

    /** A batch's transaction starts (again, when retried): nothing of it is made yet. */
    begin() {
      pending = [];
      createdBefore = structuredClone(created);
    },

    /** The batch committed: what it made is the shop's now. */
    commit() {
      for (const { kind, row } of pending) maps[kind].set(row.name.toLowerCase(), row);
      pending = [];
    },

    /** The batch failed: what it made is gone, and unreported. */
    rollback() {
      pending = [];
      for (const kind of Object.keys(created) as NameKind[]) created[kind] = new Map(createdBefore[kind]);
    },

    /** The shop's row of that name, or one this batch made. */
    find(kind: NameKind, name: string): Named | undefined {
      const key = name.toLowerCase();
      return (
        maps[kind].get(key) ??
        pending.find((entry) => entry.kind === kind && entry.row.name.toLowerCase() === key)?.row
      );
    },

    /** The row of that name, made in `trx` when the shop still has none. */
    async make(trx: Trx, kind: NameKind, name: string): Promise<Named> {
      const known = this.find(kind, name);
      if (known) return known;
      const table = kind === "colours" ? "colors" : kind;
      let row: Named | undefined = await store.named(table, name.toLowerCase(), trx);
      if (!row) {
        const id =
          kind === "colours"
            ? await store.insertColor(name, swatchFor(name), trx)
            : kind === "sizes"
              ? await store.insertSize(name, trx)
              : await store.insertCategory(name, slugify(name) || "category", trx);
        row = { id, name };
        if (!created[kind].has(name.toLowerCase())) created[kind].set(name.toLowerCase(), name);
      }
      pending.push({ kind, row });
      if (kind === "colours") names.colorName.set(row.id, row.name);
      if (kind === "sizes") names.sizeName.set(row.id, row.name);
      return row;
    },
  };
}

export type NameMaker = ReturnType<typeof nameMaker>;
