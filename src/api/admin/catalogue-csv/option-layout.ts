import type { CatalogCsvColumn } from "../../../shared/catalogue-csv.ts";
import { SIZE_NAME_MAX } from "../../../shared/catalogue-settings.ts";

/**
 * What a product's option columns mean (docs/decisions/0065-shopify-import.md). The shop sells a colour x size
 * grid; a Shopify export names up to three options per product (`Option1 Name` … `Option3 Name`, on its first
 * row). A colour-like name (Color, Colour, Farbe…) is the colour and a size-like one (Size, Taille…) the size;
 * Shopify's single-variant product (`Title` / `Default Title`) is colour "Default", size "One Size"; any other
 * option (Material, Style…) is folded into the size name ("M / Silk"). Unnamed, Option1 is the colour and Option2
 * the size, as the shop's own export writes them.
 */

export const DEFAULT_COLOUR = "Default";
export const ONE_SIZE = "One Size";

const COLOUR_NAMES = new Set([
  "colour",
  "color",
  "colours",
  "colors",
  "farbe",
  "couleur",
  "colore",
  "kleur",
  "rang",
]);
const SIZE_NAMES = new Set([
  "size",
  "sizes",
  "taille",
  "größe",
  "groesse",
  "grösse",
  "talla",
  "taglia",
  "maat",
]);

type Role = "colour" | "size" | "other" | "title";

export interface OptionSlot {
  /** 1, 2 or 3. */
  index: number;
  /** As the file names it ("Material"), or "Option3" when unnamed. */
  name: string;
  role: Role;
  valueColumn: CatalogCsvColumn;
}

const NAME_COLUMNS = ["Option1 Name", "Option2 Name", "Option3 Name"] as const;
const VALUE_COLUMNS = ["Option1 Value", "Option2 Value", "Option3 Value"] as const;

/** The product's options from the first name each option column gives on any of its rows. */
export function optionLayout(rows: Partial<Record<CatalogCsvColumn, string>>[]): OptionSlot[] {
  const named = NAME_COLUMNS.map((column) =>
    rows.map((cells) => cells[column] ?? "").find((name) => name !== ""),
  );
  const roleOf = (name: string): Role => {
    const key = name.trim().toLowerCase();
    if (COLOUR_NAMES.has(key)) return "colour";
    if (SIZE_NAMES.has(key)) return "size";
    return key === "title" ? "title" : "other";
  };
  const slots: OptionSlot[] = named.map((name, position) => ({
    index: position + 1,
    name: name ?? `Option${position + 1}`,
    role: name === undefined ? "other" : roleOf(name),
    valueColumn: VALUE_COLUMNS[position]!,
  }));
  // A second colour or size option is folded like any other.
  for (const role of ["colour", "size"] as const) {
    for (const slot of slots.filter((entry) => entry.role === role).slice(1)) slot.role = "other";
  }
  // Unnamed, Option1 is the colour and Option2 the size unless another option is (or it is a single variant).
  if (slots.some((slot) => slot.role === "title")) return slots;
  const unnamed = (position: number) => named[position] === undefined;
  if (unnamed(0) && !slots.some((slot) => slot.role === "colour")) slots[0]!.role = "colour";
  if (unnamed(1) && !slots.some((slot) => slot.role === "size")) slots[1]!.role = "size";
  return slots;
}

export interface OptionValues {
  colour: string;
  size: string;
  /** Why a value was missing, by its column; empty when the row names a colour and a size. */
  missing: { column: CatalogCsvColumn; what: "colour" | "size" }[];
  /** Too long for a size name once folded. */
  tooLong: boolean;
}

/** A variant row's colour and size under the product's layout. */
export function optionValues(
  slots: OptionSlot[],
  cells: Partial<Record<CatalogCsvColumn, string>>,
): OptionValues {
  const value = (slot: OptionSlot) => cells[slot.valueColumn] ?? "";
  const colourSlot = slots.find((slot) => slot.role === "colour");
  const sizeSlot = slots.find((slot) => slot.role === "size");
  const missing: OptionValues["missing"] = [];
  const colour = colourSlot ? value(colourSlot) : DEFAULT_COLOUR;
  if (colourSlot && colour === "") missing.push({ column: colourSlot.valueColumn, what: "colour" });
  const sizeValue = sizeSlot ? value(sizeSlot) : "";
  const others = slots
    .filter((slot) => slot.role === "other")
    .map(value)
    .filter((text) => text !== "");
  if (sizeSlot && sizeValue === "" && others.length === 0)
    missing.push({ column: sizeSlot.valueColumn, what: "size" });
  const parts = [sizeValue, ...others].filter((text) => text !== "");
  const size = parts.length === 0 ? (sizeSlot ? "" : ONE_SIZE) : parts.join(" / ");
  return { colour, size, missing, tooLong: size.length > SIZE_NAME_MAX };
}

/** What the report says about a layout other than the shop's own colour and size, if anything. */
export function layoutNote(
  slots: OptionSlot[],
  example: { colour: string; size: string } | undefined,
): string | null {
  const used = slots.filter((slot) => slot.name !== `Option${slot.index}` || slot.role !== "other");
  if (used.some((slot) => slot.role === "title")) {
    return `A single variant (Shopify's "Default Title"): imported as colour "${DEFAULT_COLOUR}", size "${ONE_SIZE}".`;
  }
  const notes: string[] = [];
  const others = used.filter((slot) => slot.role === "other").map((slot) => `"${slot.name}"`);
  if (others.length > 0) {
    notes.push(
      `${others.join(" and ")} ${others.length === 1 ? "is" : "are"} folded into the size name${example ? ` (like "${example.size}")` : ""}`,
    );
  }
  if (!slots.some((slot) => slot.role === "colour"))
    notes.push(`no colour option, so the colour is "${DEFAULT_COLOUR}"`);
  if (!slots.some((slot) => slot.role === "size") && others.length === 0)
    notes.push(`no size option, so the size is "${ONE_SIZE}"`);
  if (notes.length === 0) return null;
  const text = notes.join("; ");
  return `Options: ${text[0]!.toUpperCase()}${text.slice(1)}.`;
}
