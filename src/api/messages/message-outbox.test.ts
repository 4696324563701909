import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Messenger, OutgoingMessage } from "../../platform/messenger.ts";
import { startTwilioSimulator } from "../../platform/messenger-simulators.ts";
import { smsMessenger } from "../../platform/messenger-sms.ts";
import { type AdminHarness, adminHarness } from "../../testing/admin-harness.ts";
import { apiHarness, shopper } from "../../testing/api-harness.ts";
import { buildCatalogue } from "../../testing/factories.ts";
import { bagInColours, CHECKOUT_CONTACT, storedOrder } from "../../testing/order-fixtures.ts";
import { createTestDatabase, type TestDatabase, testEngine } from "../../testing/test-db.ts";
import {
  createMessageWorker,
  enqueueMessage,
  purgeMessageOutbox,
  type QueuedMessage,
} from "./message-outbox.ts";

const { engine, available } = testEngine();

const quiet = { info() {}, warn() {}, error() {} };
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A clock the test moves by hand. */
function clock(start = new Date("2026-11-20T10:00:00.000Z")) {
  let at = start.getTime();
  return {
    now: () => new Date(at),
    advance(ms: number) {
      at += ms;
    },
  };
}

function message(n: number): QueuedMessage {
  return {
    channel: "sms",
    to: "+923001234567",
    text: `Text ${n}`,
    template: { name: "order_delivered", parameters: [`BT-${n}`] },
    order: `BT-${n}`,
  };
}

describe.skipIf(!available)(`the message outbox on ${engine}`, () => {
  let database: TestDatabase;
  let admin: AdminHarness;
  let product: number;
  let variant: number;

  beforeAll(async () => {
    database = await createTestDatabase();
    admin = await adminHarness(database, apiHarness(database));
    ({
      product,
      variants: [variant],
    } = await bagInColours(database.db, await buildCatalogue(database.db), {
      slug: "messenger-bag",
      title: "Messenger Bag",
      variants: [{ price: 1_234_500, stock: 50 }],
    }));
  });
  afterAll(() => database?.drop());

  const rowsFor = (order: string) =>
    database.db
      .selectFrom("message_outbox")
      .selectAll()
      .where("order_number", "=", order)
      .orderBy("id")
      .execute();
  const clearOutbox = () => database.db.deleteFrom("message_outbox").execute();

  it("checkout queues the request to confirm to the order's phone in E.164 with its email, and the worker sends it", async () => {
    const guest = shopper(admin.api);
    expect((await guest.post("/cart/add", { id: product, quantity: 1, size: variant })).status).toBe(200);
    const { status, body } = await guest.post("/checkout", CHECKOUT_CONTACT);
    expect(status).toBe(201);
    const number: string = body.order.number;
    const [row] = await rowsFor(number);
    expect(row).toMatchObject({
      channel: "sms",
      recipient: "+923001234567",
      attempts: 0,
      sent_at: null,
    });
    const template = JSON.parse(row!.template ?? "{}");
    expect(template.name).toBe("order_confirmation");
    expect(template.parameters.slice(0, 2)).toEqual([number, "Rs. 12,545"]);
    const [link, code] = template.parameters.slice(2);
    expect(link).toMatch(/^http:\/\/shop\.test\/confirm-order\?token=/);
    expect(code).toMatch(/^\d{6}$/);
    expect(body.order.total).toBe(12_545); // Rs. 12,345 and Rs. 200 delivery
    expect(row!.text_body).toBe(
      `Bags & Threads: please confirm your order ${number} of Rs. 12,545. Open ${link} or enter code ${code}.`,
    );
    const mail = await database.db
      .selectFrom("mail_outbox")
      .select("subject")
      .where("reference", "=", number)
      .execute();
    expect(mail).toEqual([{ subject: `Please confirm your order ${number}` }]);

    await admin.api.messageWorker.drain();
    const [sent] = await rowsFor(number);
    expect(sent!.sent_at).not.toBeNull();
    const written = JSON.parse(fs.readFileSync(path.join(admin.api.messagesDir, sent!.provider_id!), "utf8"));
    expect(written).toMatchObject({
      channel: "sms",
      to: "+923001234567",
      order: number,
      text: row!.text_body,
    });
    expect(written.template).toMatchObject({ name: "order_confirmation", language: "en" });
  });

  it("queues for WhatsApp when the shop sends by WhatsApp", async () => {
    const guest = shopper(apiHarness(database, { messageChannel: "whatsapp" }));
    expect((await guest.post("/cart/add", { id: product, quantity: 1, size: variant })).status).toBe(200);
    const { body } = await guest.post("/checkout", { ...CHECKOUT_CONTACT, phone: "0092-42-35761234" });
    expect((await rowsFor(body.order.number)).map((row) => [row.channel, row.recipient])).toEqual([
      ["whatsapp", "+924235761234"],
    ]);
  });

  it("a change to shipped, delivered or cancelled queues its message; processing, or a phone that is no number, none", async () => {
    const patch = (number: string, status: string) =>
      admin.staff.call("PATCH", `/admin/orders/${number}`, { status });
    await storedOrder(database.db, {
      number: "BT-MSG-1",
      status: "processing",
      phone: "+92 321 7654321",
      total: 250_000,
    });
    expect((await patch("BT-MSG-1", "shipped")).status).toBe(200);
    expect((await patch("BT-MSG-1", "delivered")).status).toBe(200);
    expect((await rowsFor("BT-MSG-1")).map((row) => [row.recipient, JSON.parse(row.template!).name])).toEqual(
      [
        ["+923217654321", "order_shipped"],
        ["+923217654321", "order_delivered"],
      ],
    );
    expect((await rowsFor("BT-MSG-1"))[0]!.text_body).toBe(
      "Bags & Threads: your order BT-MSG-1 has shipped. Please keep Rs. 2,500 ready for the courier.",
    );

    await storedOrder(database.db, { number: "BT-MSG-2", status: "pending" });
    expect((await patch("BT-MSG-2", "processing")).status).toBe(200);
    expect(await rowsFor("BT-MSG-2")).toEqual([]);
    expect((await patch("BT-MSG-2", "cancelled")).status).toBe(200);
    expect((await rowsFor("BT-MSG-2")).map((row) => row.text_body)).toEqual([
      "Bags & Threads: your order BT-MSG-2 was cancelled and will not be delivered. Nothing is due.",
    ]);

    await storedOrder(database.db, { number: "BT-MSG-3", status: "pending", phone: "call the shop" });
    expect((await patch("BT-MSG-3", "cancelled")).status).toBe(200);
    expect(await rowsFor("BT-MSG-3")).toEqual([]);
    const mail = await database.db
      .selectFrom("mail_outbox")
      .select("id")
      .where("reference", "=", "BT-MSG-3")
      .execute();
    expect(mail).toHaveLength(1);
  });

  it("a rolled-back transaction queues nothing", async () => {
    await clearOutbox();
    await expect(
      database.db.transaction().execute(async (trx) => {
        await enqueueMessage(trx, message(1));
        throw new Error("the order was refused");
      }),
    ).rejects.toThrow("the order was refused");
    expect(await database.db.selectFrom("message_outbox").select("id").execute()).toEqual([]);
  });

  it("retries a failing provider with backoff, keeping its words, and sends once; gives up after the last attempt", async () => {
    await clearOutbox();
    const twilio = await startTwilioSimulator();
    try {
      const time = clock();
      const errors: string[] = [];
      const worker = createMessageWorker({
        db: database.db,
        engine,
        messenger: smsMessenger({
          accountSid: twilio.accountSid,
          authToken: twilio.authToken,
          from: "BagsThreads",
          apiUrl: twilio.url,
        }),
        logger: { ...quiet, error: (...args: unknown[]) => void errors.push(String(args[1])) },
        options: { maxAttempts: 3, sendTimeoutMs: 300, claimMs: 5_000 },
        now: time.now,
      });
      await enqueueMessage(database.db, message(2), time.now());
      await enqueueMessage(database.db, { ...message(3), to: "+92300" }, time.now());

      twilio.mode = "fail";
      expect(await worker.runOnce()).toBe(2);
      let [row] = await rowsFor("BT-2");
      expect(row).toMatchObject({
        attempts: 1,
        sent_at: null,
        last_error: "Twilio refused the message (HTTP 503, error 20503): Service Unavailable",
      });
      const firstRetry = Date.parse(row!.next_attempt_at) - time.now().getTime();
      expect(firstRetry).toBeGreaterThan(0);
      expect(firstRetry).toBeLessThanOrEqual(30_000);
      expect(await worker.runOnce()).toBe(0); // not due yet

      twilio.mode = "hang";
      time.advance(60_000); // past both retries (15 s, ±20%)
      expect(await worker.runOnce()).toBe(2);
      [row] = await rowsFor("BT-2");
      expect(row).toMatchObject({ attempts: 2, last_error: "The messenger gave no answer within 300 ms." });

      twilio.mode = "ok";
      time.advance(60 * 60 * 1000);
      expect(await worker.runOnce()).toBe(2);
      [row] = await rowsFor("BT-2");
      expect(row).toMatchObject({ attempts: 3, last_error: null, claimed_until: null });
      expect(row!.provider_id).toMatch(/^SM[0-9a-f]{32}$/);
      expect(twilio.received.filter((request) => request.status === 201)).toHaveLength(1);

      // The other one's number Twilio refuses every time: given up after the third attempt, with Twilio's words.
      const [refused] = await rowsFor("BT-3");
      expect(refused).toMatchObject({
        attempts: 3,
        sent_at: null,
        last_error: "Twilio refused the message (HTTP 400, error 21211): Invalid 'To' Phone Number: +92300",
      });
      expect(refused!.failed_at).not.toBeNull();
      expect(errors).toEqual(["message not sent: gave up after the last attempt"]);
      time.advance(24 * 60 * 60 * 1000);
      expect(await worker.runOnce()).toBe(0);
    } finally {
      await twilio.close();
    }
  });

  it("four workers over one outbox send each of 120 messages exactly once", async () => {
    await clearOutbox();
    const COUNT = 120;
    await database.db.transaction().execute(async (trx) => {
      for (let n = 0; n < COUNT; n++) await enqueueMessage(trx, message(n));
    });
    const sentBy = new Map<string, string[]>();
    const workers = ["one", "two", "three", "four"].map((name) => {
      sentBy.set(name, []);
      const messenger: Messenger = {
        async send(outgoing: OutgoingMessage) {
          // Each send takes a moment, so the four workers' claims interleave.
          await sleep(2);
          sentBy.get(name)!.push(outgoing.order!);
          return { providerId: `${name}-${outgoing.order}` };
        },
      };
      return createMessageWorker({
        db: database.db,
        engine,
        messenger,
        logger: quiet,
        options: { batchSize: 4 },
      });
    });
    await Promise.all(workers.map((worker) => worker.drain()));
    await workers[0]!.drain();

    const all = [...sentBy.values()].flat();
    expect(all).toHaveLength(COUNT);
    expect(new Set(all).size).toBe(COUNT);
    // Which workers got which rows is the scheduler's business (on a loaded machine one may take them all); that
    // each was sent once, by whichever took it, is the rule.
    const notOnce = await database.db
      .selectFrom("message_outbox")
      .select("id")
      .where((eb) =>
        eb.or([eb("sent_at", "is", null), eb("attempts", "!=", 1), eb("provider_id", "is", null)]),
      )
      .execute();
    expect(notOnce).toEqual([]);
  });

  it("purges sent messages older than 30 days, keeping newer and unsent ones", async () => {
    await clearOutbox();
    const now = new Date("2026-11-20T10:00:00.000Z");
    const daysAgo = (days: number) => new Date(now.getTime() - days * 24 * 60 * 60 * 1000).toISOString();
    for (const [n, sentAt] of [
      [20, daysAgo(31)],
      [21, daysAgo(29)],
      [22, null],
    ] as const) {
      const id = await enqueueMessage(database.db, message(n), new Date(daysAgo(40)));
      await database.db.updateTable("message_outbox").set({ sent_at: sentAt }).where("id", "=", id).execute();
    }
    expect(await purgeMessageOutbox(database.db, now)).toBe(1);
    const left = await database.db
      .selectFrom("message_outbox")
      .select("order_number")
      .orderBy("id")
      .execute();
    expect(left.map((row) => row.order_number)).toEqual(["BT-21", "BT-22"]);
  });
});
