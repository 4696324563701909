import { type Kysely, sql } from "kysely";
import { LIVE_STATUS } from "../../../shared/product-status.ts";
import type { Engine } from "../connection.ts";

/**
 * The listing's colour, size and tag filters at a million products (docs/decisions/0067-listing-facets.md).
 * Before, such a filter was a probe into the variants' (or tags') index for each product walked in the listing's
 * order, so a page cost its depth ÷ the filter's share of the catalogue: 0.1-1 s for a rare colour with a size.
 *
 * `product_facets` holds, for each product on sale (and only those), one row per colour it comes in (kind 1),
 * size (kind 2), colour-and-size pair that one variant carries (kind 3: "red in M" means a red M exists) and tag
 * (kind 4), with copies of the product's sort and filter columns (sale_price, category_id, new_arrival,
 * daily_deal). A filtered listing is then a range of one index, in the listing's order, like a category's:
 * (kind, value_id, second_id, product_id) newest first, (kind, value_id, second_id, sale_price, product_id) by
 * price, each carrying the category and type flags so those filters are read from the index entries too.
 *
 * Kept by triggers, in the transaction of every write, so no writer needs to know about it (the product writer,
 * the CSV import, checkout's price refresh, the sale clock, the seeds, a staff edit in SQL): a variant or tag
 * added to a product on sale adds its rows; one removed removes the rows nothing else of the product still
 * carries; a product put on sale gets its rows from its variants and tags, one taken off sale loses them; a
 * change of a product's sale price, category or type flags is copied to its rows. Stock changes touch nothing
 * (the triggers on variants fire on a change of product, colour or size only).
 */
const LIVE_SQL = `'${LIVE_STATUS}'`;
const COLOUR = 1;
const SIZE = 2;
const PAIR = 3;
const TAG = 4;

const COLUMNS = "kind, value_id, second_id, product_id, sale_price, category_id, new_arrival, daily_deal";
const PRODUCT_COLUMNS = "p.id, p.sale_price, p.category_id, p.new_arrival, p.daily_deal";

/** The rows one variant (`v` is `new` or `old` in a trigger, or a table alias) gives a product `p`. */
function variantFacets(v: string): string {
  return [
    `select ${COLOUR}, ${v}.color_id, 0, ${PRODUCT_COLUMNS}`,
    `select ${SIZE}, ${v}.size_id, 0, ${PRODUCT_COLUMNS}`,
    `select ${PAIR}, ${v}.color_id, ${v}.size_id, ${PRODUCT_COLUMNS}`,
  ]
    .map((select) => `${select} from products p where p.id = ${v}.product_id and p.status = '${LIVE_STATUS}'`)
    .join(" union all ");
}

/** Deletes the rows of variant `v` that no other variant of its product still gives. */
function dropVariantFacets(v: string): string[] {
  const still = (condition: string) =>
    `not exists (select 1 from variants o where o.product_id = ${v}.product_id and ${condition})`;
  return [
    `delete from product_facets where kind = ${COLOUR} and value_id = ${v}.color_id and second_id = 0
      and product_id = ${v}.product_id and ${still(`o.color_id = ${v}.color_id`)}`,
    `delete from product_facets where kind = ${SIZE} and value_id = ${v}.size_id and second_id = 0
      and product_id = ${v}.product_id and ${still(`o.size_id = ${v}.size_id`)}`,
    `delete from product_facets where kind = ${PAIR} and value_id = ${v}.color_id and second_id = ${v}.size_id
      and product_id = ${v}.product_id and ${still(`o.color_id = ${v}.color_id and o.size_id = ${v}.size_id`)}`,
  ];
}

function tagFacets(t: string): string {
  return `select ${TAG}, ${t}.tag_id, 0, ${PRODUCT_COLUMNS} from products p
    where p.id = ${t}.product_id and p.status = '${LIVE_STATUS}'`;
}

function dropTagFacets(t: string): string {
  return `delete from product_facets where kind = ${TAG} and value_id = ${t}.tag_id and second_id = 0
    and product_id = ${t}.product_id`;
}

/** Every row of product `id` (an expression), from its variants and tags. */
function productFacets(id: string): string {
  const fromVariants = (kind: number, value: string, second: string) =>
    `select distinct ${kind}, ${value}, ${second}, ${PRODUCT_COLUMNS} from variants v
      join products p on p.id = v.product_id where v.product_id = ${id} and p.status = '${LIVE_STATUS}'`;
  return [
    fromVariants(COLOUR, "v.color_id", "0"),
    fromVariants(SIZE, "v.size_id", "0"),
    fromVariants(PAIR, "v.color_id", "v.size_id"),
    `select ${TAG}, t.tag_id, 0, ${PRODUCT_COLUMNS} from product_tags t
      join products p on p.id = t.product_id where t.product_id = ${id} and p.status = '${LIVE_STATUS}'`,
  ].join(" union all ");
}

const COPY_PRODUCT = (p: string) =>
  `update product_facets set sale_price = ${p}.sale_price, category_id = ${p}.category_id,
    new_arrival = ${p}.new_arrival, daily_deal = ${p}.daily_deal where product_id = ${p}.id`;

/** The backfill: every product on sale, each kind in one statement. */
const BACKFILL = [
  `select distinct ${COLOUR}, v.color_id, 0, ${PRODUCT_COLUMNS} from variants v join products p on p.id = v.product_id
    where p.status = '${LIVE_STATUS}'`,
  `select distinct ${SIZE}, v.size_id, 0, ${PRODUCT_COLUMNS} from variants v join products p on p.id = v.product_id
    where p.status = '${LIVE_STATUS}'`,
  `select distinct ${PAIR}, v.color_id, v.size_id, ${PRODUCT_COLUMNS} from variants v
    join products p on p.id = v.product_id where p.status = '${LIVE_STATUS}'`,
  `select ${TAG}, t.tag_id, 0, ${PRODUCT_COLUMNS} from product_tags t join products p on p.id = t.product_id
    where p.status = '${LIVE_STATUS}'`,
];

export async function up(db: Kysely<unknown>, engine: Engine): Promise<void> {
  const run = (text: string) => sql.raw(text).execute(db);
  const money = engine === "postgres" ? "bigint" : "integer";
  // The fill reads every variant of every product on sale in one statement (minutes at a million products): the
  // shop's statement timeout (DATABASE_STATEMENT_TIMEOUT_MS, 10 s) is for requests, not for this transaction.
  if (engine === "postgres") await run("set local statement_timeout = 0");
  // Filled before its keys are built (a million products give some 15 million rows).
  await run(`create table product_facets (
    kind integer not null,
    value_id integer not null,
    second_id integer not null,
    product_id integer not null references products (id) on delete cascade,
    sale_price ${money} not null,
    category_id integer not null,
    new_arrival integer not null,
    daily_deal integer not null
    ${engine === "sqlite" ? ", primary key (kind, value_id, second_id, product_id)) without rowid" : ")"}`);
  for (const select of BACKFILL) await run(`insert into product_facets (${COLUMNS}) ${select}`);
  if (engine === "postgres") {
    await run(`alter table product_facets add constraint product_facets_pkey
      primary key (kind, value_id, second_id, product_id) include (category_id, new_arrival, daily_deal)`);
    await run(`create index product_facets_price_idx on product_facets
      (kind, value_id, second_id, sale_price, product_id) include (category_id, new_arrival, daily_deal)`);
  } else {
    // SQLite's table is its key (without rowid), so the newest-first walk reads every column in place.
    await run(`create index product_facets_price_idx on product_facets
      (kind, value_id, second_id, sale_price, product_id, category_id, new_arrival, daily_deal)`);
  }
  await run("create index product_facets_product_idx on product_facets (product_id)");
  if (engine === "postgres") await postgresTriggers(run);
  else await sqliteTriggers(run);
  const any = await sql`select 1 from products limit 1`.execute(db);
  // Statistics only for a catalogue migrated in place (as migration 033 does, and for the same reason).
  if (any.rows.length > 0) await run("analyze product_facets");
}

async function sqliteTriggers(run: (text: string) => Promise<unknown>) {
  const trigger = async (name: string, on: string, body: string[]) =>
    run(`create trigger ${name} ${on} begin ${body.map((statement) => `${statement};`).join(" ")} end`);
  const add = (select: string) => `insert or ignore into product_facets (${COLUMNS}) ${select}`;
  await trigger("product_facets_variant_insert", "after insert on variants", [add(variantFacets("new"))]);
  await trigger("product_facets_variant_delete", "after delete on variants", dropVariantFacets("old"));
  await trigger(
    "product_facets_variant_update",
    `after update of product_id, color_id, size_id on variants
      when old.product_id <> new.product_id or old.color_id <> new.color_id or old.size_id <> new.size_id`,
    [...dropVariantFacets("old"), add(variantFacets("new"))],
  );
  await trigger("product_facets_tag_insert", "after insert on product_tags", [add(tagFacets("new"))]);
  await trigger("product_facets_tag_delete", "after delete on product_tags", [dropTagFacets("old")]);
  await trigger(
    "product_facets_tag_update",
    "after update on product_tags when old.product_id <> new.product_id or old.tag_id <> new.tag_id",
    [dropTagFacets("old"), add(tagFacets("new"))],
  );
  await trigger(
    "product_facets_product_off_sale",
    `after update of status on products when old.status = ${LIVE_SQL} and new.status <> ${LIVE_SQL}`,
    ["delete from product_facets where product_id = new.id"],
  );
  await trigger(
    "product_facets_product_on_sale",
    `after update of status on products when old.status <> ${LIVE_SQL} and new.status = ${LIVE_SQL}`,
    [add(productFacets("new.id"))],
  );
  await trigger(
    "product_facets_product_copy",
    `after update of sale_price, category_id, new_arrival, daily_deal on products
      when old.status = ${LIVE_SQL} and new.status = ${LIVE_SQL} and (old.sale_price <> new.sale_price
        or old.category_id <> new.category_id or old.new_arrival <> new.new_arrival
        or old.daily_deal <> new.daily_deal)`,
    [COPY_PRODUCT("new")],
  );
}

async function postgresTriggers(run: (text: string) => Promise<unknown>) {
  const add = (select: string) => `insert into product_facets (${COLUMNS}) ${select} on conflict do nothing`;
  const fn = async (name: string, body: string[]) =>
    run(`create function ${name}() returns trigger language plpgsql as $$
      begin ${body.map((statement) => `${statement};`).join(" ")} return null; end $$`);
  await fn("product_facets_variant_added", [add(variantFacets("new"))]);
  await fn("product_facets_variant_removed", dropVariantFacets("old"));
  await fn("product_facets_variant_moved", [...dropVariantFacets("old"), add(variantFacets("new"))]);
  await fn("product_facets_tag_added", [add(tagFacets("new"))]);
  await fn("product_facets_tag_removed", [dropTagFacets("old")]);
  await fn("product_facets_tag_moved", [dropTagFacets("old"), add(tagFacets("new"))]);
  await fn("product_facets_product_off_sale", ["delete from product_facets where product_id = new.id"]);
  await fn("product_facets_product_on_sale", [add(productFacets("new.id"))]);
  await fn("product_facets_product_copy", [COPY_PRODUCT("new")]);

  const trigger = (name: string, on: string, fnName: string, when?: string) =>
    run(
      `create trigger ${name} ${on} for each row ${when ? `when (${when})` : ""} execute function ${fnName}()`,
    );
  await trigger("product_facets_variant_insert", "after insert on variants", "product_facets_variant_added");
  await trigger(
    "product_facets_variant_delete",
    "after delete on variants",
    "product_facets_variant_removed",
  );
  await trigger(
    "product_facets_variant_update",
    "after update of product_id, color_id, size_id on variants",
    "product_facets_variant_moved",
    "old.product_id <> new.product_id or old.color_id <> new.color_id or old.size_id <> new.size_id",
  );
  await trigger("product_facets_tag_insert", "after insert on product_tags", "product_facets_tag_added");
  await trigger("product_facets_tag_delete", "after delete on product_tags", "product_facets_tag_removed");
  await trigger(
    "product_facets_tag_update",
    "after update on product_tags",
    "product_facets_tag_moved",
    "old.product_id <> new.product_id or old.tag_id <> new.tag_id",
  );
  await trigger(
    "product_facets_product_off_sale",
    "after update of status on products",
    "product_facets_product_off_sale",
    `old.status = ${LIVE_SQL} and new.status <> ${LIVE_SQL}`,
  );
  await trigger(
    "product_facets_product_on_sale",
    "after update of status on products",
    "product_facets_product_on_sale",
    `old.status <> ${LIVE_SQL} and new.status = ${LIVE_SQL}`,
  );
  await trigger(
    "product_facets_product_copy",
    "after update of sale_price, category_id, new_arrival, daily_deal on products",
    "product_facets_product_copy",
    `old.status = ${LIVE_SQL} and new.status = ${LIVE_SQL} and (old.sale_price <> new.sale_price
      or old.category_id <> new.category_id or old.new_arrival <> new.new_arrival
      or old.daily_deal <> new.daily_deal)`,
  );
}
