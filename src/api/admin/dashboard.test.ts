import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type AdminHarness, adminHarness, expectBackOfficeOnly } from "../../testing/admin-harness.ts";
import { apiHarness } from "../../testing/api-harness.ts";
import { buildCatalogue, insertOrder } from "../../testing/factories.ts";
import { createTestDatabase, type TestDatabase, testEngine } from "../../testing/test-db.ts";
import { dashboardRepository } from "./dashboard.repository.ts";
import { dashboardService } from "./dashboard.service.ts";

const { engine, available } = testEngine();

describe.skipIf(!available)(`back-office dashboard on ${engine}`, () => {
  let database: TestDatabase;
  let admin: AdminHarness;

  beforeAll(async () => {
    database = await createTestDatabase();
    await buildCatalogue(database.db);
    admin = await adminHarness(database, apiHarness(database, { config: { lowStockThreshold: 3 } }));
  });
  afterAll(() => database?.drop());

  it("is for staff and owners only", async () => {
    await expectBackOfficeOnly(admin, "GET", "/admin/dashboard");
    expect((await admin.owner.get("/admin/dashboard")).status).toBe(200);
  });

  describe("on a fixed clock", () => {
    // 20:00 UTC on 10 March is 01:00 on 11 March in Lahore: "today" is the 11th there.
    const now = new Date("2026-03-10T20:00:00.000Z");
    const service = () =>
      dashboardService(dashboardRepository(database.db), {
        lowStockThreshold: 3,
        now: () => now,
      });

    beforeAll(async () => {
      type Payment = Partial<
        Record<"payment_method" | "payment_status" | "payment_flag", string> &
          Record<"paid_amount" | "refunded_amount", number>
      >;
      const order = (at: string, total: number, status = "pending", payment: Payment = {}) =>
        insertOrder(database.db, {
          created_at: at,
          subtotal: total - 20_000,
          delivery_charge: 20_000,
          status,
          ...payment,
        });
      const paid = (method: string, amount: number, more: Payment = {}): Payment => ({
        payment_method: method,
        payment_status: "paid",
        paid_amount: amount,
        ...more,
      });
      // 00:00 on the 11th in Lahore: today; paid by card, Rs. 500 of it refunded.
      await order(
        "2026-03-10T19:00:00.000Z",
        150_000,
        "pending",
        paid("safepay", 150_000, { payment_status: "partly_refunded", refunded_amount: 50_000 }),
      );
      await order("2026-03-10T19:30:00.000Z", 99_950, "processing", paid("bank_transfer", 99_950)); // today
      // Today, but cancelled: not counted in sales; its JazzCash money arrived after the cancelling.
      await order(
        "2026-03-10T19:45:00.000Z",
        500_000,
        "cancelled",
        paid("jazzcash", 500_000, { payment_flag: "refund_due" }),
      );
      await order("2026-03-10T18:59:59.999Z", 120_000, "shipped"); // 23:59 on the 10th: yesterday; cash to come
      await order("2026-03-05T10:00:00.000Z", 300_000, "delivered", paid("cod", 300_000)); // 6 days ago
      // 00:00 on 10 February: the first of 30 days; delivered, its cash not recorded as collected yet.
      await order("2026-02-09T19:00:00.000Z", 40_000, "delivered");
      // 9 February: 31 days ago, left out.
      await order("2026-02-09T18:59:00.000Z", 777_000, "delivered", paid("easypaisa", 777_000));
    });

    it("counts orders and sales (order totals, in rupees) by the shop's days, leaving cancelled orders out", async () => {
      const dashboard = await service().get();
      expect(dashboard.time_zone).toBe("Asia/Karachi");
      expect(dashboard.periods).toEqual([
        { key: "today", label: "Today", orders: 2, sales: 2499.5 },
        { key: "7d", label: "Last 7 days", orders: 4, sales: 6699.5 },
        { key: "30d", label: "Last 30 days", orders: 5, sales: 7099.5 },
      ]);
    });

    it("gives each of the last 30 days for the chart, oldest first, empty days included", async () => {
      const { daily_sales: days } = await service().get();
      expect(days).toHaveLength(30);
      expect(days[0]).toEqual({ date: "2026-02-10", orders: 1, sales: 400 });
      expect(days[1]).toEqual({ date: "2026-02-11", orders: 0, sales: 0 });
      expect(days.at(-2)).toEqual({ date: "2026-03-10", orders: 1, sales: 1200 });
      expect(days.at(-1)).toEqual({ date: "2026-03-11", orders: 2, sales: 2499.5 });
      expect(days.find((day) => day.date === "2026-03-05")).toEqual({
        date: "2026-03-05",
        orders: 1,
        sales: 3000,
      });
    });

    it("splits the last 30 days' sales by payment method and sums the money paid, still to come and refunded", async () => {
      const { payments } = await service().get();
      expect(payments).toEqual({
        by_method: [
          { method: "cod", name: "Payment on delivery", orders: 3, sales: 4600 },
          { method: "jazzcash", name: "JazzCash", orders: 0, sales: 0 },
          { method: "easypaisa", name: "Easypaisa", orders: 0, sales: 0 },
          { method: "safepay", name: "Debit or credit card", orders: 1, sales: 1500 },
          { method: "bank_transfer", name: "Bank transfer or Raast", orders: 1, sales: 999.5 },
        ],
        // Card 1,500 + transfer 999.50 + JazzCash 5,000 (for a cancelled order) + cash 3,000.
        paid: 10_499.5,
        // The shipped order's cash and the delivered one's not yet recorded.
        pending: 1600,
        refunded: 500,
      });
    });

    it("counts the orders still waiting, by status", async () => {
      const { orders_waiting: waiting } = await service().get();
      expect(waiting).toEqual([
        { status: "pending", count: 1 },
        { status: "processing", count: 1 },
        { status: "shipped", count: 1 },
      ]);
    });
  });

  it("lists the variants at or under the low-stock threshold, fewest first, with product, colour and size", async () => {
    const { status, body } = await admin.staff.get("/admin/dashboard");
    expect(status).toBe(200);
    // The catalogue: tote tan 0, tote black 5, clutch 3, shirt navy M 2, ... (threshold 3 here).
    expect(body.low_stock.threshold).toBe(3);
    expect(body.low_stock.total).toBe(body.low_stock.variants.length);
    expect(body.low_stock.more).toBe(false);
    const stocks = body.low_stock.variants.map((variant: { stock: number }) => variant.stock);
    expect(stocks).toEqual([...stocks].sort((a, b) => a - b));
    expect(stocks.every((stock: number) => stock <= 3)).toBe(true);
    expect(body.low_stock.variants[0]).toEqual({
      variant_id: expect.any(Number),
      product_id: expect.any(Number),
      product_title: "Leather Tote",
      product_slug: "leather-tote",
      color_name: "Tan",
      size_name: "One Size",
      stock: 0,
    });
    expect(body.low_stock.variants).toContainEqual(
      expect.objectContaining({ product_slug: "oxford-shirt", size_name: "M", stock: 2 }),
    );
  });

  it("counts low-stock variants only up to a cap, so a large catalogue does not make the page slow", async () => {
    const repository = dashboardRepository(database.db);
    const all = await repository.countLowStock(1_000_000, 1_000_000);
    expect(all).toBeGreaterThan(3);
    expect(await repository.countLowStock(1_000_000, 3)).toBe(3);
  });
  it("leaves out the variants of drafts and archived products", async () => {
    const repository = dashboardRepository(database.db);
    const before = await repository.countLowStock(3, 1_000);
    const shirtVariants = (await repository.lowStock(3, 1_000)).filter(
      (variant) => variant.product_slug === "oxford-shirt",
    ).length;
    expect(shirtVariants).toBeGreaterThan(0);
    for (const status of ["draft", "archived"] as const) {
      await database.db.updateTable("products").set({ status }).where("slug", "=", "oxford-shirt").execute();
      try {
        const low = await repository.lowStock(3, 1_000);
        expect(low.map((variant) => variant.product_slug)).not.toContain("oxford-shirt");
        expect(await repository.countLowStock(3, 1_000)).toBe(before - shirtVariants);
      } finally {
        await database.db
          .updateTable("products")
          .set({ status: "active" })
          .where("slug", "=", "oxford-shirt")
          .execute();
      }
    }
  });
});
