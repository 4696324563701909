import { describe, expect, it } from "vitest";
import { CATALOG_CSV_MAX_ROWS, CATALOG_CSV_MESSAGES } from "../../../shared/catalogue-csv.ts";
import { parsePrice, readCatalogueCsv, splitTags } from "./csv-rows.ts";

describe("readCatalogueCsv", () => {
  it("finds columns by name in any order and case, ignoring unknown ones", () => {
    const { products, rowCount } = readCatalogueCsv(
      "\uFEFFvariant price,HANDLE,Vendor,option1 value,Option2 Value,title\r\n1499.50,Tote,Acme,Black,S,Tote\r\n",
    );
    expect(rowCount).toBe(1);
    expect(products).toMatchObject([
      {
        handle: "tote",
        title: "Tote",
        category: undefined,
        images: undefined,
        variants: [{ row: 2, colour: "Black", size: "S", price: 149_950, stock: undefined, sku: undefined }],
        problems: [],
      },
    ]);
  });

  it("groups rows by Handle, takes product fields from any row, and photo-only rows as photos", () => {
    const { products } = readCatalogueCsv(
      [
        "Handle,Title,Tags,Option1 Value,Option2 Value,Variant Price,Image Src,Image Position,Variant SKU",
        "a,,,Black,S,10,/images/a.webp,2,a-1",
        "b,Bee,,Tan,M,20,,,",
        'a,Ay,"x, y, X",Tan,S,10,,,',
        "a,,,,,,https://cdn.example/a2.webp,1,",
      ].join("\n"),
    );
    expect(products.map((product) => [product.handle, product.rows, product.title, product.tags])).toEqual([
      ["a", [2, 4, 5], "Ay", ["x", "y"]],
      ["b", [3], "Bee", null],
    ]);
    expect(products[0]!.variants.map((variant) => variant.sku)).toEqual(["A-1", undefined]);
    expect(products[0]!.images?.map((image) => [image.src, image.position])).toEqual([
      ["/images/a.webp", 2],
      ["https://cdn.example/a2.webp", 1],
    ]);
    expect(products.flatMap((product) => product.problems)).toEqual([]);
  });

  it("gives each problem with its row: values, conflicts, repeats and missing parts", () => {
    const { products } = readCatalogueCsv(
      [
        "Handle,Title,Status,Discount Percent,Option1 Name,Option1 Value,Option2 Value,Variant Price,Variant Inventory Qty,Variant SKU,Image Alt Text,Image Src",
        "a,One,live,101,Colour,Black,S,-5,2.5,bad sku!,,javascript:alert(1)",
        "a,Two,,,,Black,S,10,1,,alt,",
        "b,Bee,,,,Tan,,10,,X1,,",
        "c,Sea,,,,Tan,M,10,,x1,,",
        "d,Dee,,,,,,,,,,",
      ].join("\r\n"),
    );
    const reasons = products.flatMap((product) => product.problems.map((p) => `${p.row}: ${p.reason}`));
    expect(reasons).toEqual(
      [
        'Status must be draft, active or archived (found "live").',
        'Discount Percent must be a whole number from 0 to 100 (found "101").',
        "Variant SKU may only contain letters, digits, dots, hyphens and underscores (at most 64).",
        'Variant Price must be a number of rupees like 1499 or 1499.50 (found "-5").',
        'Variant Inventory Qty must be a whole number from 0 to 1,000,000 (found "2.5").',
        'Image Src must be a site path (/images/…) or an http(s):// URL (found "javascript:alert(1)").',
        "Title differs from row 2 of the same Handle; give it once, or the same on every row.",
        "Black / S is already on row 2.",
        "Image Alt Text, Image Position and Image Colour need an Image Src on the same row.",
        'Option2 Value (the size) is required on a variant\'s row (use "One Size" for none).',
        'Variant SKU X1 is also on row 4 (Handle "b"); each variant needs its own SKU.',
        'Handle "d" has no variant rows: give at least one row with a colour, a size and a price.',
      ].map((reason, index) => `${[2, 2, 2, 2, 2, 2, 3, 3, 3, 4, 5, 6][index]}: ${reason}`),
    );
  });

  it("reads a Shopify export's options, category, compare-at prices and negative stock, saying how", () => {
    const { products } = readCatalogueCsv(
      [
        "Handle,Title,Product Category,Type,Option1 Name,Option1 Value,Option2 Name,Option2 Value,Option3 Name,Option3 Value,Variant Price,Variant Compare At Price,Variant Inventory Qty,Image Src",
        "tote,Tote,Apparel & Accessories > Handbags,Bags,Color,Red,Size,M,Material,Silk,80,100,-2,https://cdn.example/t.jpg",
        "tote,,,,,Red,,L,,Silk,90,,3,",
        "tote,,,,,,,,,,,,,https://cdn.example/t2.jpg",
        "cap,Cap,,Hats,Title,Default Title,,,,,500,,1,",
        "scarf,Scarf,,,Größe,Standard,,,,,700,,,",
      ].join("\r\n"),
    );
    const [tote, cap, scarf] = products;
    expect(tote!.problems).toEqual([]);
    expect(tote!.category).toBe("Handbags");
    expect(tote!.discount).toBe(20);
    expect(tote!.variants.map((v) => [v.colour, v.size, v.price, v.stock])).toEqual([
      ["Red", "M / Silk", 10_000, 0],
      ["Red", "L / Silk", 11_300, 3],
    ]);
    expect(tote!.images?.map((image) => image.src)).toEqual([
      "https://cdn.example/t.jpg",
      "https://cdn.example/t2.jpg",
    ]);
    expect(tote!.notes.map((note) => note.reason)).toEqual([
      'Options: "Material" is folded into the size name (like "M / Silk").',
      "Variant Inventory Qty -2 is imported as 0.",
      "Discount 20% from the compare-at price of row 2; prices are the compare-at prices. Variants with another percent (or none) now sell at this one.",
    ]);
    expect(cap!.category).toBe("Hats");
    expect(cap!.discount).toBe(0);
    expect(cap!.variants.map((v) => [v.colour, v.size])).toEqual([["Default", "One Size"]]);
    expect(cap!.notes[0]!.reason).toMatch(/Default Title/);
    expect(scarf!.category).toBeNull();
    expect(scarf!.variants.map((v) => [v.colour, v.size])).toEqual([["Default", "Standard"]]);
    expect(scarf!.notes[0]!.reason).toBe('Options: No colour option, so the colour is "Default".');
  });

  it("refuses a file without a header, an empty one and one with too many rows", () => {
    expect(() => readCatalogueCsv("Title,Price\r\nx,1\r\n")).toThrow(/first row must be the header/);
    expect(() => readCatalogueCsv("Handle,Title\r\n")).toThrow(CATALOG_CSV_MESSAGES.empty);
    expect(() => readCatalogueCsv("Handle,Handle\r\na,b\r\n")).toThrow(/twice/);
    const many = `Handle\r\n${"a\r\n".repeat(CATALOG_CSV_MAX_ROWS + 1)}`;
    expect(() => readCatalogueCsv(many)).toThrow(CATALOG_CSV_MESSAGES.tooManyRows);
  });

  it("takes off the formula guard the export puts on a cell", () => {
    const { products } = readCatalogueCsv(
      "Handle,Title,Option1 Value,Option2 Value,Variant Price\r\na,'=SUM(1),B,S,1\r\n",
    );
    expect(products[0]!.title).toBe("=SUM(1)");
  });
});

describe("parsePrice and splitTags", () => {
  it("reads rupees as paisa, with or without Rs. and thousands commas", () => {
    expect(
      ["1499", "1499.5", "1499.50", "1,499.50", "Rs. 1,499", "rs 12,345,678.9"].map((text) =>
        parsePrice(text),
      ),
    ).toEqual([
      149_900,
      149_950,
      149_950,
      149_950,
      149_900,
      "Variant Price may not be more than Rs. 10,000,000.",
    ]);
    for (const text of ["0", "1.999", "1,49", "12e3", "abc", ""])
      expect(typeof parsePrice(text), text).toBe("string");
  });

  it("splits tags on commas, trimming and dropping repeats whatever their case", () => {
    expect(splitTags(" Leather,  office  bag ,leather,, ")).toEqual(["Leather", "office bag"]);
  });
});
