import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Mailer, MailMessage } from "../../platform/mail.ts";
import { type ApiHarness, apiHarness, type Shopper, shopper } from "../../testing/api-harness.ts";
import { buildCatalogue, type Catalogue, variantId } from "../../testing/factories.ts";
import { createTestDatabase, type TestDatabase, testEngine } from "../../testing/test-db.ts";
import { insertProduct } from "../products/product-writer.ts";
import { claimDueMail, markMailSent } from "./outbox.repository.ts";
import { createMailWorker, enqueueMail, purgeOutbox } from "./outbox.ts";

const { engine, available } = testEngine();

const contact = {
  email: "ali@example.pk",
  phone: "0300 1234567",
  shipping_address: {
    country: "Pakistan",
    first_name: "Ali",
    last_name: "Raza",
    address: "House 12, Street 4, F-7/2",
    address_2: "",
    city: "Islamabad",
    postcode: "44000",
  },
  notes: "",
};

const quiet = { info() {}, warn() {}, error() {} };
const never = () => new Promise<never>(() => {});
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

function message(n: number): MailMessage & { reference: string } {
  return {
    to: `shopper${n}@example.pk`,
    subject: `Order ${n}`,
    text: `Text ${n}`,
    html: `<p>Html ${n}</p>`,
    reference: `BT-${n}`,
  };
}

describe.skipIf(!available)(`the mail outbox on ${engine}`, () => {
  let database: TestDatabase;
  let catalogue: Catalogue;
  let products = 0;

  beforeAll(async () => {
    database = await createTestDatabase();
    catalogue = await buildCatalogue(database.db);
  });
  afterAll(() => database?.drop());

  const rowsFor = (reference: string) =>
    database.db.selectFrom("mail_outbox").selectAll().where("reference", "=", reference).execute();
  const mailCount = async () =>
    Number(
      (
        await database.db
          .selectFrom("mail_outbox")
          .select((eb) => eb.fn.countAll().as("n"))
          .executeTakeFirstOrThrow()
      ).n,
    );
  const clearOutbox = () => database.db.deleteFrom("mail_outbox").execute();

  /** A guest of `api` with one item of a fresh product (stock `stock`) in the cart. */
  async function guestWithItem(api: ApiHarness, stock = 10): Promise<Shopper & { variant: number }> {
    products += 1;
    const { categories, colors, sizes } = catalogue;
    const product = await insertProduct(database.db, {
      slug: `outbox-bag-${products}`,
      title: `Outbox Bag ${products}`,
      categoryId: categories.bags.id,
      shortDescription: "",
      images: [],
      discount: 0,
      newArrival: false,
      dailyDeal: false,
      tagIds: [],
      variants: [{ colorId: colors.black.id, sizeId: sizes.oneSize.id, price: 100_000, stock }],
    });
    const variant = await variantId(database.db, product, colors.black.id, sizes.oneSize.id);
    const guest = shopper(api);
    expect((await guest.post("/cart/add", { id: product, quantity: 1, size: variant })).status).toBe(200);
    return Object.assign(guest, { variant });
  }

  it("checkout answers at once while the mail server hangs; the mail stays pending for a retry", async () => {
    let sends = 0;
    const hanging: Mailer = {
      send: () => {
        sends += 1;
        return never();
      },
    };
    const api = apiHarness(database, {
      mailer: hanging,
      mailOptions: { sendTimeoutMs: 200, claimMs: 5_000, pollMs: 50 },
    });
    api.mailWorker.start();
    try {
      const guest = await guestWithItem(api);
      const started = performance.now();
      const { status, body } = await guest.post("/checkout", contact);
      expect(status).toBe(201);
      expect(performance.now() - started).toBeLessThan(1_000);

      const [row] = await rowsFor(body.order.number);
      expect(row).toMatchObject({ recipient: "ali@example.pk", sent_at: null, failed_at: null });
      expect(row!.subject).toBe(`Please confirm your order ${body.order.number}`);
      // The worker tried, gave the send up after its timeout, and left the row to be retried.
      await expect
        .poll(async () => (await rowsFor(body.order.number))[0]!.last_error, { timeout: 5_000 })
        .toBe("The mail transport gave no answer within 200 ms.");
      const [after] = await rowsFor(body.order.number);
      expect(after).toMatchObject({ attempts: 1, sent_at: null, claimed_until: null });
      expect(after!.next_attempt_at > row!.next_attempt_at).toBe(true);
      expect(sends).toBe(1);
    } finally {
      await api.mailWorker.stop();
    }
  });

  it("wakes the running worker when a checkout queues mail, instead of waiting for its next poll", async () => {
    const sent: MailMessage[] = [];
    const api = apiHarness(database, {
      mailer: { send: async (mail) => void sent.push(mail) },
      mailOptions: { pollMs: 60_000 },
    });
    api.mailWorker.start();
    try {
      await sleep(50); // the worker's first pass found nothing; it now sleeps for a minute unless woken
      const guest = await guestWithItem(api);
      const { body } = await guest.post("/checkout", contact);
      await expect
        .poll(() => sent.map((mail) => mail.subject), { timeout: 2_000 })
        .toContain(`Please confirm your order ${body.order.number}`);
      expect((await rowsFor(body.order.number))[0]!.sent_at).not.toBeNull();
    } finally {
      await api.mailWorker.stop();
    }
  });

  it("commits the order and its mail together: a refused checkout leaves no mail, a failed mail no order", async () => {
    const api = apiHarness(database);
    await clearOutbox();

    // Refused (out of stock): no order, no mail.
    const refused = await guestWithItem(api, 1);
    await database.db.updateTable("variants").set({ stock: 0 }).where("id", "=", refused.variant).execute();
    expect((await refused.post("/checkout", contact)).status).toBe(409);
    expect(await mailCount()).toBe(0);

    // The mail cannot be written: the order, its stock and the emptied cart roll back with it.
    if (engine === "postgres") {
      await sql`alter table mail_outbox add constraint refuse_mail check (recipient <> 'refused@example.pk')`.execute(
        database.db,
      );
    } else {
      await sql`create trigger refuse_mail before insert on mail_outbox when new.recipient = 'refused@example.pk'
        begin select raise(abort, 'mail refused'); end`.execute(database.db);
    }
    try {
      const guest = await guestWithItem(api, 4);
      const { status } = await guest.post("/checkout", { ...contact, email: "refused@example.pk" });
      expect(status).toBe(500);
      const orders = await database.db
        .selectFrom("orders")
        .select("id")
        .where("email", "=", "refused@example.pk")
        .execute();
      expect(orders).toEqual([]);
      const { stock } = await database.db
        .selectFrom("variants")
        .select("stock")
        .where("id", "=", guest.variant)
        .executeTakeFirstOrThrow();
      expect(stock).toBe(4);
      expect((await guest.get("/cart")).body.quantity).toBe(1);
      expect(await mailCount()).toBe(0);
    } finally {
      await sql
        .raw(
          engine === "postgres"
            ? "alter table mail_outbox drop constraint refuse_mail"
            : "drop trigger refuse_mail",
        )
        .execute(database.db);
    }

    // Placed: exactly one pending row for the order, sent once by the worker.
    const guest = await guestWithItem(api);
    const { status, body } = await guest.post("/checkout", contact);
    expect(status).toBe(201);
    expect(await rowsFor(body.order.number)).toEqual([
      expect.objectContaining({ recipient: "ali@example.pk", attempts: 0, sent_at: null }),
    ]);
    await api.deliverMail();
    const [sent] = await rowsFor(body.order.number);
    expect(sent).toMatchObject({ attempts: 1, claimed_until: null, last_error: null });
    expect(sent!.sent_at).not.toBeNull();
  });

  it("retries a failing mail server with backoff (first retry within 30 s) and sends the message once", async () => {
    await clearOutbox();
    const time = clock();
    let calls = 0;
    const delivered: string[] = [];
    const flaky: Mailer = {
      async send(mail) {
        calls += 1;
        if (calls <= 2) throw new Error(`421 try again later (${calls})`);
        delivered.push(mail.subject);
      },
    };
    const worker = createMailWorker({ db: database.db, engine, mailer: flaky, logger: quiet, now: time.now });
    await enqueueMail(database.db, message(1), time.now());

    expect(await worker.runOnce()).toBe(1);
    let [row] = await rowsFor("BT-1");
    expect(row).toMatchObject({ attempts: 1, sent_at: null, last_error: "421 try again later (1)" });
    const firstRetry = Date.parse(row!.next_attempt_at) - time.now().getTime();
    expect(firstRetry).toBeGreaterThan(0);
    expect(firstRetry).toBeLessThanOrEqual(30_000);
    expect(await worker.runOnce()).toBe(0); // not due yet

    time.advance(firstRetry);
    expect(await worker.runOnce()).toBe(1);
    [row] = await rowsFor("BT-1");
    expect(row).toMatchObject({ attempts: 2, sent_at: null, last_error: "421 try again later (2)" });
    const secondRetry = Date.parse(row!.next_attempt_at) - time.now().getTime();
    expect(secondRetry).toBeGreaterThan(firstRetry * 0.9);

    time.advance(secondRetry);
    expect(await worker.runOnce()).toBe(1);
    [row] = await rowsFor("BT-1");
    expect(row).toMatchObject({ attempts: 3, last_error: null, claimed_until: null });
    expect(row!.sent_at).toBe(time.now().toISOString());

    time.advance(24 * 60 * 60 * 1000);
    expect(await worker.runOnce()).toBe(0);
    expect(delivered).toEqual(["Order 1"]);
  });

  it("gives up after the last attempt and logs an error", async () => {
    await clearOutbox();
    const time = clock();
    const errors: string[] = [];
    const worker = createMailWorker({
      db: database.db,
      engine,
      mailer: { send: () => Promise.reject(new Error("550 mailbox unavailable")) },
      logger: { ...quiet, error: (...args: unknown[]) => void errors.push(String(args[1])) },
      options: { maxAttempts: 3 },
      now: time.now,
    });
    await enqueueMail(database.db, message(2), time.now());
    for (let attempt = 0; attempt < 3; attempt++) {
      expect(await worker.runOnce()).toBe(1);
      time.advance(60 * 60 * 1000);
    }
    expect(await worker.runOnce()).toBe(0);
    const [row] = await rowsFor("BT-2");
    expect(row).toMatchObject({ attempts: 3, sent_at: null, last_error: "550 mailbox unavailable" });
    expect(row!.failed_at).not.toBeNull();
    expect(errors).toEqual(["mail not sent: gave up after the last attempt"]);
  });

  it("sends again a message whose worker died mid-send, once its claim has expired", async () => {
    await clearOutbox();
    const time = clock();
    await enqueueMail(database.db, message(3), time.now());
    // A worker claims the row and dies before sending it.
    const [claimed] = await claimDueMail(database.db, engine, {
      now: time.now(),
      claimMs: 60_000,
      batchSize: 10,
      token: "worker-that-died",
    });
    expect(claimed).toMatchObject({ reference: "BT-3", attempts: 1, claim_token: "worker-that-died" });

    const delivered: string[] = [];
    const worker = createMailWorker({
      db: database.db,
      engine,
      mailer: { send: async (mail) => void delivered.push(mail.subject) },
      logger: quiet,
      options: { claimMs: 60_000 },
      now: time.now,
    });
    time.advance(30_000);
    expect(await worker.runOnce()).toBe(0); // still claimed
    time.advance(30_000);
    expect(await worker.runOnce()).toBe(1);
    expect(delivered).toEqual(["Order 3"]);
    const [row] = await rowsFor("BT-3");
    expect(row).toMatchObject({ attempts: 2, claim_token: null });
    expect(row!.sent_at).not.toBeNull();
    // The dead worker's claim is gone: it could not mark the message sent a second time.
    expect(await markMailSent(database.db, row!, "worker-that-died", time.now())).toBe(false);
    time.advance(10 * 60_000);
    expect(await worker.runOnce()).toBe(0);
  });

  it("four workers over one outbox send each of 200 messages exactly once", async () => {
    await clearOutbox();
    const COUNT = 200;
    for (let start = 0; start < COUNT; start += 50) {
      await database.db.transaction().execute(async (trx) => {
        for (let n = start; n < start + 50; n++) await enqueueMail(trx, message(n));
      });
    }
    const sentBy = new Map<string, string[]>();
    const workers = ["one", "two", "three", "four"].map((name) => {
      sentBy.set(name, []);
      return createMailWorker({
        db: database.db,
        engine,
        logger: quiet,
        options: { batchSize: 4 },
        mailer: {
          async send(mail) {
            // Each send takes a moment, so the four workers' claims interleave.
            await sleep(2);
            sentBy.get(name)!.push(mail.subject);
          },
        },
      });
    });
    await Promise.all(workers.map((worker) => worker.drain()));
    // A worker that found nothing due stops draining while another may still hold claimed rows.
    await workers[0]!.drain();

    const all = [...sentBy.values()].flat();
    expect(all).toHaveLength(COUNT);
    expect(new Set(all).size).toBe(COUNT);
    // They really worked side by side (on a busy machine one worker may find every row claimed already).
    // Which workers got which rows is the scheduler's business (on a loaded machine one may take them all); that
    // each was sent once, by whichever took it, is the rule.
    const notOnce = await database.db
      .selectFrom("mail_outbox")
      .select("id")
      .where((eb) => eb.or([eb("sent_at", "is", null), eb("attempts", "!=", 1)]))
      .execute();
    expect(notOnce).toEqual([]);
  });

  it("on stop finishes the message being sent and hands the rest of its claim back", async () => {
    await clearOutbox();
    for (let n = 10; n < 13; n++) await enqueueMail(database.db, message(n));
    let release: () => void = () => {};
    const sending: string[] = [];
    const worker = createMailWorker({
      db: database.db,
      engine,
      logger: quiet,
      options: { batchSize: 3 },
      mailer: {
        send(mail) {
          sending.push(mail.subject);
          return new Promise<void>((resolve) => {
            release = resolve;
          });
        },
      },
    });
    worker.start();
    await expect.poll(() => sending).toEqual(["Order 10"]);
    let stopped = false;
    const stopping = worker.stop().then(() => {
      stopped = true;
    });
    await sleep(50);
    expect(stopped).toBe(false); // waits for the send in progress
    release();
    await stopping;
    expect(sending).toEqual(["Order 10"]);
    const rows = await database.db
      .selectFrom("mail_outbox")
      .select(["reference", "sent_at", "claimed_until", "attempts"])
      .orderBy("id")
      .execute();
    expect(rows.map((row) => [row.reference, row.sent_at !== null, row.claimed_until, row.attempts])).toEqual(
      [
        ["BT-10", true, null, 1],
        ["BT-11", false, null, 0],
        ["BT-12", false, null, 0],
      ],
    );
  });

  it("purges sent mail older than 30 days, keeping newer and unsent mail", async () => {
    await clearOutbox();
    const now = new Date("2026-11-20T10:00:00.000Z");
    const daysAgo = (days: number) => new Date(now.getTime() - days * 24 * 60 * 60 * 1000).toISOString();
    for (const [n, sentAt] of [
      [20, daysAgo(31)],
      [21, daysAgo(29)],
      [22, null],
    ] as const) {
      const id = await enqueueMail(database.db, message(n), new Date(daysAgo(40)));
      expect(id).toBeTypeOf("number");
      await database.db.updateTable("mail_outbox").set({ sent_at: sentAt }).where("id", "=", id!).execute();
    }
    expect(await purgeOutbox(database.db, now)).toBe(1);
    const left = await database.db.selectFrom("mail_outbox").select("reference").orderBy("id").execute();
    expect(left.map((row) => row.reference)).toEqual(["BT-21", "BT-22"]);
  });

  it("writes no message to nobody (an order entered without an email), and one to anyone else", async () => {
    await clearOutbox();
    expect(await enqueueMail(database.db, { ...message(30), to: "  " })).toBeUndefined();
    expect(await enqueueMail(database.db, message(31))).toBeTypeOf("number");
    const left = await database.db.selectFrom("mail_outbox").select("reference").execute();
    expect(left.map((row) => row.reference)).toEqual(["BT-31"]);
  });
});
