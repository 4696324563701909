import { describe, expect, it } from "vitest";
import { buildCatalogue, variantId } from "../testing/factories.ts";
import { runningShop } from "../testing/running-shop.ts";

/**
 * The back-in-stock sweep in a running shop (docs/decisions/0061-back-in-stock.md): with the repeating check off,
 * staff saving the stock is what tells the waiting shopper, through the sweep the committed change nudges.
 */
describe("the back-in-stock sweep of a running shop", { timeout: 60_000 }, () => {
  const running = runningShop();

  it("tells the waiting shopper once staff save the stock, with no repeating check", async () => {
    const { platform, shop } = await running.start({
      CAMPAIGN_CHECK_SECONDS: "0",
      STOCK_ALERT_CHECK_SECONDS: "0",
    });
    const { db } = platform.database;
    const catalogue = await buildCatalogue(db);
    const tan = await variantId(
      db,
      catalogue.products.tote,
      catalogue.colors.tan.id,
      catalogue.sizes.oneSize.id,
    );
    const api = (method: string, url: string, body: unknown, token?: string) =>
      shop.request(`http://shop.test/api${url}`, {
        method,
        headers: {
          "content-type": "application/json",
          origin: "http://shop.test",
          ...(token ? { authorization: `Bearer ${token}` } : {}),
        },
        body: JSON.stringify(body),
      });

    expect((await api("POST", "/stock-alerts", { variation_id: tan, email: "amna@example.pk" })).status).toBe(
      200,
    );
    const registered = await api("POST", "/register", {
      first_name: "Sara",
      last_name: "Khan",
      email: "sara.staff@example.pk",
      password: "a long enough password",
      password_confirmation: "a long enough password",
    });
    const { token } = (await registered.json()) as { token: string };
    await db
      .updateTable("users")
      .set({ role: "staff" })
      .where("email", "=", "sara.staff@example.pk")
      .execute();
    const { colors, sizes } = catalogue;
    const saved = await api(
      "PATCH",
      `/admin/products/${catalogue.products.tote}`,
      {
        variants: [
          { color_id: colors.black.id, size_id: sizes.oneSize.id, price: 12_500, stock: 5 },
          { color_id: colors.tan.id, size_id: sizes.oneSize.id, price: 13_000, stock: 2 },
        ],
      },
      token,
    );
    expect(saved.status, await saved.clone().text()).toBe(200);

    const mails = () =>
      db.selectFrom("mail_outbox").select("subject").where("recipient", "=", "amna@example.pk").execute();
    await expect.poll(async () => (await mails()).length).toBe(1);
    expect((await mails())[0]?.subject).toMatch(/^Back in stock: .* \(Tan, One Size\)$/);
  });
});
