// Back-office order list benchmark: `node bench/admin-orders.ts [--orders=100000] [--skip-postgres] [--iterations=N]`.
// Writes that many orders into a fresh SQLite file and PostgreSQL database, then times each filter of
// GET /api/admin/orders as the service runs it (the page and its count, side by side) and prints the plan each
// engine chooses. Method and figures: docs/decisions/0029-order-workflow.md.
import { randomUUID } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { type CompiledQuery, sql } from "kysely";
import pg from "pg";
import { adminOrdersRepository } from "../src/api/admin/orders/admin-orders.repository.ts";
import { orderFilter } from "../src/api/admin/orders/admin-orders.service.ts";
import { type DatabaseHandle, openDatabase } from "../src/platform/db/connection.ts";
import { migrateToLatest } from "../src/platform/db/migrate.ts";
import { type AdminOrderQuery, ORDER_COUNT_LIMIT } from "../src/shared/contracts/admin-orders.ts";
import type { ORDER_STATUSES } from "../src/shared/order-status.ts";
import { POSTGRES_ADMIN_URL, postgresUnavailable, WORK_DIR } from "./lib/datasets.ts";

const argv = process.argv.slice(2);
const value = (name: string) => argv.find((arg) => arg.startsWith(`--${name}=`))?.split("=")[1];
const ORDERS = Number(value("orders") ?? 100_000);
const ITERATIONS = Number(value("iterations") ?? 30);
const log = (line: string) => console.log(line);

/** Statuses as a shop a few months old has them: most orders delivered, a few waiting. */
const STATUS_MIX = [
  ...Array(80).fill("delivered"),
  ...Array(8).fill("cancelled"),
  "shipped",
  "shipped",
].concat(Array(6).fill("processing"), Array(4).fill("pending")) as (typeof ORDER_STATUSES)[number][];

async function fill(handle: DatabaseHandle) {
  const start = Date.UTC(2026, 0, 1);
  const step = (Date.UTC(2026, 10, 21) - start) / ORDERS;
  for (let first = 0; first < ORDERS; first += 1000) {
    const rows = [];
    for (let n = first; n < Math.min(first + 1000, ORDERS); n++) {
      const created = new Date(start + n * step);
      rows.push({
        number: `BT-${created.toISOString().slice(2, 10).replaceAll("-", "")}-${n.toString(36).toUpperCase().padStart(5, "0")}`,
        user_id: null,
        email: `customer${n % 40_000}@example${n % 7}.pk`,
        phone: `03${String(n % 100).padStart(2, "0")} ${String(1_000_000 + ((n * 7919) % 9_000_000))}`,
        country: "Pakistan",
        first_name: "Ayesha",
        last_name: "Khan",
        address: "12 Mall Road",
        address_2: "",
        city: "Lahore",
        postcode: "54000",
        notes: "",
        subtotal: 500_000,
        delivery_charge: 20_000,
        discount: 0,
        total: 520_000,
        status: STATUS_MIX[n % STATUS_MIX.length]!,
        created_at: created.toISOString(),
      });
    }
    const ids = await handle.db.insertInto("orders").values(rows).returning("id").execute();
    await handle.db
      .insertInto("order_items")
      .values(
        ids.map(({ id }) => ({
          order_id: id,
          product_id: 1,
          variant_id: 1,
          product_name: "Canvas Tote",
          product_slug: "canvas-tote",
          color_name: "Tan",
          size_name: "One Size",
          unit_price: 500_000,
          quantity: 1,
          line_total: 500_000,
        })),
      )
      .execute();
  }
  await sql`analyze`.execute(handle.db);
}

const cases = (sample: { number: string; email: string }): [string, Partial<AdminOrderQuery>][] => [
  ["everything, page 1", {}],
  ["everything, page 2000", { page: 2000 }],
  ["status pending", { status: "pending" }],
  ["status delivered", { status: "delivered" }],
  ["one week", { from: "2026-11-01", to: "2026-11-07" }],
  ["processing, one month", { status: "processing", from: "2026-10-01", to: "2026-10-31" }],
  ["whole number", { q: sample.number }],
  ["number start", { q: "BT-2611" }],
  ["whole email", { q: sample.email }],
  ["email start", { q: "customer123" }],
  ["phone", { q: "+92 312 1234" }],
  ["no match", { q: "nobody-at-all" }],
];

async function planOf(handle: DatabaseHandle, query: CompiledQuery): Promise<string> {
  const explain = handle.engine === "sqlite" ? "explain query plan" : "explain";
  const { rows } = await handle.db.executeQuery<Record<string, string>>({
    ...query,
    sql: `${explain} ${query.sql}`,
  });
  const lines = rows.map((row) => row.detail ?? row["QUERY PLAN"] ?? "");
  return lines
    .filter((line) => /Scan|SCAN|SEARCH|Index|TEMP/.test(line))
    .map((line) => line.trim().replace(/\s+\(cost=.*$/, ""))
    .join("; ");
}

async function measure(handle: DatabaseHandle) {
  const repository = adminOrdersRepository(handle.db, handle.engine);
  const ms = (value: number) => value.toFixed(2).padStart(7);
  const sample = await handle.db
    .selectFrom("orders")
    .select(["number", "email"])
    .where("id", "=", Math.floor(ORDERS / 2))
    .executeTakeFirstOrThrow();
  for (const [label, values] of cases(sample)) {
    const query: AdminOrderQuery = { page: 1, ...values };
    const filter = orderFilter(query);
    const offset = (query.page - 1) * 25;
    const times: number[] = [];
    let found = 0;
    for (let i = 0; i < ITERATIONS; i++) {
      const started = performance.now();
      const [total] = await Promise.all([
        repository.count(filter, ORDER_COUNT_LIMIT),
        repository.page(filter, 25, offset),
      ]);
      times.push(performance.now() - started);
      found = total;
    }
    times.sort((a, b) => a - b);
    const p50 = times[Math.floor(times.length / 2)]!;
    const p95 = times[Math.floor(times.length * 0.95)]!;
    log(`${handle.engine.padEnd(9)} ${label.padEnd(24)} ${ms(p50)} ${ms(p95)}  ${String(found).padStart(6)}`);
    log(`          page:  ${await planOf(handle, repository.pageQuery(filter, 25, offset).compile())}`);
    log(
      `          count: ${await planOf(handle, repository.countQuery(filter, ORDER_COUNT_LIMIT).compile())}`,
    );
  }
}

async function main() {
  fs.mkdirSync(WORK_DIR, { recursive: true });
  log(
    `${ORDERS.toLocaleString("en")} orders; p50 and p95 in ms of the page and its count together; matches (counted up to ${ORDER_COUNT_LIMIT + 1})`,
  );
  const file = path.join(WORK_DIR, `admin-orders-${randomUUID().slice(0, 8)}.sqlite`);
  const sqlite = await openDatabase({ engine: "sqlite", file });
  try {
    await migrateToLatest(sqlite.db, "sqlite");
    await fill(sqlite);
    await measure(sqlite);
  } finally {
    await sqlite.close();
    fs.rmSync(file, { force: true });
  }

  if (argv.includes("--skip-postgres") || (await postgresUnavailable()) !== null) return;
  const name = `shop_bench_orders_${randomUUID().replaceAll("-", "").slice(0, 8)}`;
  const admin = new pg.Client({ connectionString: POSTGRES_ADMIN_URL });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  const url = new URL(POSTGRES_ADMIN_URL);
  url.pathname = `/${name}`;
  const postgres = await openDatabase({ engine: "postgres", url: url.toString() });
  try {
    await migrateToLatest(postgres.db, "postgres");
    await fill(postgres);
    await sql`vacuum analyze orders`.execute(postgres.db);
    await measure(postgres);
  } finally {
    await postgres.close();
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.end();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
