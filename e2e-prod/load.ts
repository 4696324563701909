// Load checks against the production shape (nginx over HTTPS, two instances, PostgreSQL). Each answers figures
// and the invariants it found broken (`problems`; none means the check passed). Every request loop is bounded
// in count and time and sends traffic only to this machine (https://localhost:8443).
import fs from "node:fs";
import http from "node:http";
import path from "node:path";
import { z } from "zod";
import { type Operation, operations } from "../src/shared/contracts/operations.ts";
import { type Answer, mapLimit, percentile, type Send, type Shopper, shopperOn } from "./http.ts";
import { type Database, type Instance, type Log, PUBLIC_URL } from "./stack.ts";

export interface CheckResult {
  name: string;
  problems: string[];
  figures: Record<string, unknown>;
  /** The check could not run (e.g. a feature it reads is not there yet); neither passed nor failed. */
  skipped?: string;
}

export interface LoadContext {
  send: Send;
  db: Database;
  instances: Instance[];
  /** Each instance's mail outbox folder (one, when they share a data folder). */
  outboxDirs: string[];
  log: Log;
  runId: string;
  /** A client of its own whose connections leave from `localAddress` (127/8): another shopper to the shop. */
  clientAt(localAddress: string): { send: Send; close(): void };
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const ADDRESS = {
  country: "Pakistan",
  first_name: "Load",
  last_name: "Check",
  address: "1 Mall Road",
  city: "Lahore",
};

const checkoutBody = (email: string) => ({
  email,
  phone: "03001234567",
  shipping_address: ADDRESS,
  notes: "",
});

export interface Variant {
  productId: number;
  variantId: number;
  slug: string;
}

function json<T>(answer: Answer): T {
  return JSON.parse(answer.text) as T;
}

/** Variants of distinct products, found through the API as a shopper would (the shop lists only what it sells). */
export async function findVariants(send: Send, count: number): Promise<Variant[]> {
  const found: Variant[] = [];
  const list = json<{ data: { id: number; slug: string }[] }>(await send("GET", "/api/products?take=48"));
  for (const product of list.data) {
    const detail = json<{ id: number; colors: { color_id: number }[] }>(
      await send("GET", `/api/product/${product.slug}`),
    );
    const color = detail.colors[0];
    if (!color) continue;
    const sizes = json<{ id: number; stock: number }[]>(
      await send("GET", `/api/product-sizes/${detail.id}/${color.color_id}/sizes`),
    );
    const size = sizes[0];
    if (size) found.push({ productId: detail.id, variantId: size.id, slug: product.slug });
    if (found.length === count) return found;
  }
  throw new Error(`found only ${found.length} of ${count} variants`);
}

function countStatuses(answers: Answer[]): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const answer of answers) {
    const key = answer.status === 0 ? "no answer" : String(answer.status);
    counts[key] = (counts[key] ?? 0) + 1;
  }
  return counts;
}

async function addLine(shopper: Shopper, variant: Variant, quantity = 1): Promise<Answer> {
  return shopper.post("/api/cart/add", { id: variant.productId, quantity, size: variant.variantId });
}

/** A page straight from one instance, as nginx hands it on (the public origin in the forwarded headers). */
function fromInstance(
  port: number,
  path: string,
  cookie?: string,
): Promise<{ status: number; cache: string; stock: string }> {
  const { host } = new URL(PUBLIC_URL);
  return new Promise((resolve) => {
    const request = http.get(
      {
        host: "127.0.0.1",
        port,
        path,
        headers: {
          accept: "text/html",
          "x-forwarded-proto": "https",
          "x-forwarded-host": host,
          ...(cookie ? { cookie } : {}),
        },
        timeout: 10_000,
      },
      (response) => {
        let body = "";
        response.setEncoding("utf8");
        response.on("data", (chunk: string) => {
          body += chunk;
        });
        response.on("end", () =>
          resolve({
            status: response.statusCode ?? 0,
            cache: String(response.headers["x-cache"] ?? ""),
            stock: stockShown(body),
          }),
        );
      },
    );
    request.on("timeout", () => request.destroy(new Error("timed out")));
    request.on("error", () => resolve({ status: 0, cache: "", stock: "" }));
  });
}

/** The stock a product page shows: its size picker's counts (in its data) and the quantity stepper's maximum. */
function stockShown(html: string): string {
  return [...html.matchAll(/\\?"stock\\?":(\d+)|max="(\d+)"/g)]
    .map((match) => match[1] ?? match[2])
    .join(",");
}

/**
 * (0) Cached public pages across instances (docs/decisions/0033): each instance keeps a product page for visitors
 * without cookies; an order placed through the proxy (it lands on one instance) takes stock, and within seconds
 * both instances show the stock after the order (the other one hears it through Redis): rendered again, or the
 * kept copy refreshed behind the stale one answered meanwhile (decision 0058). Through the proxy the
 * page says who may keep it: public for a cookie-less visitor, private for one with a cart (whose page is the kept
 * one with their cart spliced in, `X-Cache: splice`, or a full render: never a kept page as it is).
 */
export async function catalogueAcrossInstances(ctx: LoadContext, variants: Variant[]): Promise<CheckResult> {
  const { send, instances } = ctx;
  const problems: string[] = [];
  const variant = variants[variants.length - 1] as Variant;
  const path = `/product/${variant.slug}`;
  for (const one of instances) {
    await fromInstance(one.port, path);
    const again = await fromInstance(one.port, path);
    if (again.status !== 200 || again.cache !== "hit") {
      problems.push(
        `:${one.port} ${path} answered ${again.status}, X-Cache "${again.cache}" on the second visit`,
      );
    }
  }
  const page = await send("GET", path, { headers: { accept: "text/html" } });
  if (page.headers["cache-control"] !== "public, max-age=0, s-maxage=30") {
    problems.push(
      `a cookie-less page through the proxy: Cache-Control ${String(page.headers["cache-control"])}`,
    );
  }
  if (!/cookie/i.test(String(page.headers.vary)))
    problems.push(`no Vary: Cookie (${String(page.headers.vary)})`);

  const shopper = shopperOn(send);
  const added = await addLine(shopper, variant);
  if (added.status !== 200) problems.push(`add to cart answered ${added.status}`);
  const personal = await shopper.call("GET", path);
  if (
    (personal.headers["x-cache"] !== undefined && personal.headers["x-cache"] !== "splice") ||
    personal.headers["cache-control"] !== "private, no-store"
  ) {
    problems.push(
      `a page with a cart cookie: X-Cache ${String(personal.headers["x-cache"])}, Cache-Control ${String(personal.headers["cache-control"])}`,
    );
  }
  const shownBefore = new Map<number, string>();
  for (const one of instances) shownBefore.set(one.port, (await fromInstance(one.port, path)).stock);
  const placed = await shopper.post("/api/checkout", checkoutBody(`cache-${ctx.runId}@example.pk`));
  if (placed.status !== 201)
    problems.push(`checkout answered ${placed.status}: ${placed.text.slice(0, 200)}`);
  const dropped: Record<number, number> = {};
  for (const one of instances) {
    const started = performance.now();
    for (let attempt = 0; attempt < 60; attempt++) {
      // Rendered again (a miss), or the kept copy refreshed behind the stale one it answered at first (decision
      // 0058): either way the page shows the stock after the order.
      const now = await fromInstance(one.port, path);
      if (now.cache === "miss" || (now.stock !== "" && now.stock !== shownBefore.get(one.port))) {
        dropped[one.port] = Math.round(performance.now() - started);
        break;
      }
      await sleep(50);
    }
    if (dropped[one.port] === undefined)
      problems.push(`:${one.port} still served its kept ${path} 3 s after the order`);
  }
  return { name: "catalogueAcrossInstances", problems, figures: { path, droppedWithinMs: dropped } };
}

/**
 * (a) PostgreSQL ends the shop's connections (pg_terminate_backend) three times while shoppers browse and fill
 * carts: no instance may crash, and the shop must answer 200 again within seconds of the last termination.
 */
export async function terminatedBackends(ctx: LoadContext, variants: Variant[]): Promise<CheckResult> {
  const { send, db, instances } = ctx;
  const problems: string[] = [];
  const crashesBefore = instances.map((one) => one.crashes);
  const answers: Answer[] = [];
  const durationMs = 10_000;
  const started = Date.now();
  let terminated = 0;
  const load = mapLimit(
    Array.from({ length: 10 }, (_, worker) => worker),
    10,
    async (worker) => {
      const shopper = shopperOn(send);
      for (let step = 0; Date.now() - started < durationMs && step < 2000; step++) {
        const variant = variants[(worker + step) % variants.length] as Variant;
        const kind = step % 4;
        const answer =
          kind === 0
            ? await shopper.get(`/api/products?page=${(step % 3) + 1}`)
            : kind === 1
              ? await shopper.get(`/api/product/${variant.slug}`)
              : kind === 2
                ? await addLine(shopper, variant)
                : await shopper.call("GET", step % 8 === 3 ? "/" : "/cart");
        answers.push(answer);
      }
    },
  );
  for (const at of [2000, 4500, 7000]) {
    await sleep(Math.max(0, started + at - Date.now()));
    terminated += await db.terminateShopConnections();
  }
  await load;
  // Recovery: end the connections once more, then time the first 200 (pages and API through the proxy).
  terminated += await db.terminateShopConnections();
  const recoveryStarted = performance.now();
  let recoveryMs = Number.NaN;
  for (let attempt = 0; attempt < 100; attempt++) {
    const answer = await send("GET", "/api/products");
    if (answer.status === 200) {
      recoveryMs = performance.now() - recoveryStarted;
      break;
    }
    await sleep(100);
  }
  // A second later both instances answer every request (nginx alternates between them).
  await sleep(1000);
  const after = await mapLimit(
    Array.from({ length: 10 }, () => 0),
    2,
    () => send("GET", "/api/categories"),
  );
  const crashes = instances.reduce((sum, one, index) => sum + one.crashes - (crashesBefore[index] ?? 0), 0);
  if (crashes > 0) problems.push(`${crashes} instance process(es) crashed`);
  if (instances.some((one) => !one.running())) problems.push("an instance is not running after the check");
  if (!(recoveryMs < 5000)) problems.push(`the shop did not answer 200 within 5 s of the last termination`);
  const afterStatuses = countStatuses(after);
  if ((afterStatuses["200"] ?? 0) !== after.length)
    problems.push(`after recovery not every request answered 200: ${JSON.stringify(afterStatuses)}`);
  const statuses = countStatuses(answers);
  const fiveHundreds = answers.filter((answer) => answer.status >= 500 && answer.status !== 503).length;
  if (fiveHundreds > 0)
    problems.push(`${fiveHundreds} answers were 5xx other than 503 (an unavailable database is a 503)`);
  return {
    name: "PostgreSQL connections terminated under load",
    problems,
    figures: {
      requests: answers.length,
      seconds: durationMs / 1000,
      terminatedBackends: terminated,
      statuses,
      crashes,
      recoveryMs: Math.round(recoveryMs),
    },
  };
}

/**
 * (b) Many carts holding the same three variants, half of them added in the opposite order, all check out at once
 * while there is stock for only half: no 5xx, exactly as many orders as the stock allowed, stock exactly 0.
 */
export async function oppositeOrderCheckouts(ctx: LoadContext, variants: Variant[]): Promise<CheckResult> {
  const { send, db, runId } = ctx;
  const problems: string[] = [];
  const lines = variants.slice(0, 3);
  const stock = 30;
  const carts = 60;
  await db.query(`update variants set stock = $1 where id = any($2::int[])`, [
    stock,
    lines.map((line) => line.variantId),
  ]);
  const shoppers = await mapLimit(
    Array.from({ length: carts }, (_, index) => index),
    12,
    async (index) => {
      const shopper = shopperOn(send);
      const ordered = index % 2 === 0 ? lines : [...lines].reverse();
      for (const variant of ordered) {
        const added = await addLine(shopper, variant);
        if (added.status !== 200) problems.push(`adding to cart ${index} answered ${added.status}`);
      }
      return shopper;
    },
  );
  const emails = shoppers.map((_, index) => `opposite-${index}-${runId}@example.pk`);
  const started = performance.now();
  const answers = await mapLimit(shoppers, 20, (shopper, index) =>
    shopper.post("/api/checkout", checkoutBody(emails[index] as string)),
  );
  const seconds = (performance.now() - started) / 1000;
  const statuses = countStatuses(answers);
  const placed = answers.filter((answer) => answer.status === 201).length;
  const serverErrors = answers.filter((answer) => answer.status >= 500 || answer.status === 0);
  if (serverErrors.length > 0) problems.push(`${serverErrors.length} checkouts answered 5xx or nothing`);
  const left = await db.query<{ id: number; stock: number }>(
    `select id, stock from variants where id = any($1::int[])`,
    [lines.map((line) => line.variantId)],
  );
  const orders = await db.query<{ count: string }>(`select count(*) from orders where email like $1`, [
    `opposite-%-${runId}@example.pk`,
  ]);
  const stored = Number(orders[0]?.count ?? 0);
  if (placed !== stock) problems.push(`${placed} orders placed; the stock allowed exactly ${stock}`);
  if (stored !== placed) problems.push(`${stored} orders stored, ${placed} answered 201`);
  for (const row of left) {
    if (row.stock !== stock - placed)
      problems.push(`variant ${row.id} has ${row.stock} left, not ${stock - placed}`);
  }
  const refused = answers.filter((answer) => answer.status >= 400 && answer.status < 500);
  return {
    name: "Opposite-order multi-item checkouts",
    problems,
    figures: {
      carts,
      linesPerCart: lines.length,
      stockPerVariant: stock,
      statuses,
      placed,
      refusedStatuses: [...new Set(refused.map((answer) => answer.status))],
      stockLeft: left.map((row) => row.stock),
      seconds: Number(seconds.toFixed(2)),
      p95Ms: Math.round(
        percentile(
          answers.map((answer) => answer.ms).sort((a, b) => a - b),
          95,
        ),
      ),
    },
  };
}

type MailMode = "eml" | "outbox" | "off";

/** How many mails name each order number: `.eml` files in the instances' outboxes, or rows of a mail_outbox table. */
async function mailsPerOrder(
  ctx: LoadContext,
  numbers: string[],
  mode: MailMode,
): Promise<Map<string, number>> {
  const counts = new Map(numbers.map((number) => [number, 0]));
  const texts: string[] = [];
  if (mode === "eml") {
    for (const dir of ctx.outboxDirs) {
      for (const file of fs.existsSync(dir) ? fs.readdirSync(dir) : []) {
        if (file.endsWith(".eml")) texts.push(fs.readFileSync(path.join(dir, file), "utf8"));
      }
    }
  } else if (mode === "outbox") {
    for (const row of await ctx.db.query("select * from mail_outbox")) texts.push(JSON.stringify(row));
  }
  for (const text of texts) {
    for (const number of new Set(text.match(/BT-\d{6}-[A-Z0-9]{5}/g) ?? [])) {
      if (counts.has(number)) counts.set(number, (counts.get(number) ?? 0) + 1);
    }
  }
  return counts;
}

/**
 * (c) Checkouts keep coming while one instance is killed with SIGKILL (and restarted) and the other is stopped
 * with SIGTERM (and restarted): every order answered 2xx is stored, every stored order was answered (or its
 * request was one the killed instance never answered), SIGTERM exits 0, and every order gets its mail once.
 */
export async function killAndRestart(ctx: LoadContext, variants: Variant[]): Promise<CheckResult> {
  const { send, db, instances, runId, log } = ctx;
  const [first, second] = instances as [Instance, Instance];
  const problems: string[] = [];
  await db.query(`update variants set stock = 100000 where id = any($1::int[])`, [
    variants.map((variant) => variant.variantId),
  ]);
  interface Attempt {
    email: string;
    answer: Answer;
    number?: string;
    /** When the answer came, in ms from the start of the check (to place failures on the timeline). */
    at: number;
  }
  const attempts: Attempt[] = [];
  let inFlight = 0;
  let inFlightAtKill = 0;
  // From just before the SIGKILL until it has landed: every checkout in flight in that window may lose its answer.
  let killWindow = false;
  let stopping = false;
  let sequence = 0;
  const worker = async (index: number) => {
    for (let step = 0; !stopping && step < 500; step++) {
      const shopper = shopperOn(send);
      const variant = variants[(index + step) % variants.length] as Variant;
      const added = await addLine(shopper, variant, 1 + (step % 2));
      if (added.status !== 200) {
        await sleep(100);
        continue;
      }
      const email = `kill-${sequence++}-${runId}@example.pk`;
      inFlight++;
      if (killWindow) inFlightAtKill = Math.max(inFlightAtKill, inFlight);
      const answer = await shopper.post("/api/checkout", checkoutBody(email));
      inFlight--;
      const number =
        answer.status === 201
          ? (json<{ order?: { number?: string } }>(answer).order?.number ?? "")
          : undefined;
      attempts.push({ email, answer, number, at: Math.round(performance.now() - t0) });
    }
  };
  const t0 = performance.now();
  const load = mapLimit(
    Array.from({ length: 6 }, (_, index) => index),
    6,
    worker,
  );
  const timeline: Record<string, number> = {};
  const mark = (name: string) => {
    timeline[name] = Math.round(performance.now() - t0);
  };
  let termExit: number | null = null;
  try {
    await sleep(2000);
    inFlightAtKill = inFlight;
    killWindow = true;
    await first.kill9();
    killWindow = false;
    mark("killed -9");
    await first.start();
    mark("restarted after kill -9");
    await sleep(1500);
    termExit = await second.stop();
    mark("SIGTERM exited");
    await second.start();
    mark("restarted after SIGTERM");
    await sleep(2000);
  } catch (error) {
    problems.push(`the kill/restart timeline failed: ${(error as Error).message}`);
    log(`  ${(error as Error).message}`);
  } finally {
    stopping = true;
    await load;
  }
  if (termExit !== 0) problems.push(`the instance stopped with SIGTERM exited ${termExit}, not 0`);
  const answered = attempts.filter((attempt) => attempt.number);
  const stored = await db.query<{ number: string; email: string }>(
    `select number, email from orders where email like $1`,
    [`kill-%-${runId}@example.pk`],
  );
  const storedNumbers = new Set(stored.map((row) => row.number));
  const lost = answered.filter((attempt) => !storedNumbers.has(attempt.number as string));
  if (lost.length > 0) problems.push(`${lost.length} orders answered 201 are not in the database`);
  const byEmail = new Map(attempts.map((attempt) => [attempt.email, attempt]));
  const answeredNumbers = new Set(answered.map((attempt) => attempt.number));
  const unanswered = stored.filter((row) => !answeredNumbers.has(row.number));
  // A stored order whose request got no answer at all (the process was killed between commit and reply) is
  // the one outcome kill -9 can produce; one whose request got some other answer is a bug.
  const wrongly = unanswered.filter((row) => {
    const status = byEmail.get(row.email)?.answer.status ?? 0;
    return status !== 0 && status !== 502 && status !== 504;
  });
  if (wrongly.length > 0) problems.push(`${wrongly.length} stored orders were answered with an error`);
  const noAnswer = attempts.filter((attempt) => attempt.answer.status === 0 || attempt.answer.status >= 500);
  if (noAnswer.length > inFlightAtKill)
    problems.push(
      `${noAnswer.length} checkouts failed (5xx or no answer); only the ${inFlightAtKill} in flight at the kill may`,
    );
  const numbersPerEmail = new Map<string, number>();
  for (const row of stored) numbersPerEmail.set(row.email, (numbersPerEmail.get(row.email) ?? 0) + 1);
  const doubled = [...numbersPerEmail.values()].filter((count) => count > 1).length;
  if (doubled > 0) problems.push(`${doubled} checkouts were stored twice`);

  // Mail: every stored order's confirmation exactly once. PROD_SHAPE_MAIL=outbox counts rows of a mail_outbox
  // table instead of .eml files; PROD_SHAPE_MAIL_STRICT=1 makes a missing mail a failure (an outbox written in
  // the order's transaction can promise that; a mail sent after the commit cannot survive kill -9).
  const mode = (process.env.PROD_SHAPE_MAIL ?? "eml") as MailMode;
  const strict = process.env.PROD_SHAPE_MAIL_STRICT === "1";
  let mail: Record<string, number> | string = "off";
  if (mode !== "off") {
    await sleep(mode === "outbox" ? 5000 : 500);
    try {
      const counts = await mailsPerOrder(
        ctx,
        stored.map((row) => row.number),
        mode,
      );
      const values = [...counts.values()];
      const missing = values.filter((count) => count === 0).length;
      const twice = values.filter((count) => count > 1).length;
      mail = {
        once: values.filter((count) => count === 1).length,
        missing,
        twice,
      };
      if (twice > 0) problems.push(`${twice} orders got more than one confirmation mail`);
      if (strict && missing > 0) problems.push(`${missing} stored orders got no confirmation mail`);
    } catch (error) {
      mail = `could not count (${(error as Error).message})`;
    }
  }
  return {
    name: "kill -9 and SIGTERM under checkout load",
    problems,
    figures: {
      checkouts: attempts.length,
      statuses: countStatuses(attempts.map((attempt) => attempt.answer)),
      answered201: answered.length,
      stored: stored.length,
      storedWithoutAnswer: unanswered.length,
      inFlightAtKill,
      sigtermExitCode: termExit,
      timelineMs: timeline,
      failuresAtMs: noAnswer.map((attempt) => `${attempt.at}:${attempt.answer.status}`),
      mailMode: `${mode}${strict ? " (strict)" : ""}`,
      mail,
    },
  };
}

// --- (d) fuzz -----------------------------------------------------------------------------------------------

type JsonSchema = {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  items?: JsonSchema;
  enum?: unknown[];
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
};

const HOSTILE: unknown[] = [
  null,
  "",
  " ",
  -1,
  0,
  1.5,
  2 ** 53 + 1,
  1e308,
  -1e308,
  "9".repeat(400),
  "x".repeat(5000),
  "' OR 1=1 --",
  "\u0000",
  "😀",
  "<script>alert(1)</script>",
  true,
  {},
  [],
  [1, 2],
  { nested: { deeper: [null] } },
  "NaN",
  "-0",
  "1e309",
  "__proto__",
];

const PATH_VALUES = [
  "0",
  "-1",
  "1.5",
  "999999999999999999999",
  "abc",
  "%00",
  "%25",
  "..%2f..%2fetc%2fpasswd",
  "x".repeat(300),
  "%F0%9F%98%80",
  "%ZZ",
  "1e3",
  " 1",
];

const QUERY_VALUES = ["", "-1", "0", "abc", "1e309", "9".repeat(50), "x".repeat(3000), "%00", "[]", "1,2,3"];

/** A value of the schema's shape (the first enum value, 1 for numbers, ...), to mutate one field at a time. */
function sample(schema: JsonSchema | undefined): unknown {
  if (!schema) return "a";
  if (schema.enum) return schema.enum[0];
  const choice = schema.anyOf ?? schema.oneOf;
  if (choice) return sample(choice.find((option) => option.type !== "null") ?? choice[0]);
  const type = Array.isArray(schema.type) ? schema.type.find((one) => one !== "null") : schema.type;
  switch (type) {
    case "object":
      return Object.fromEntries(
        Object.entries(schema.properties ?? {}).map(([key, value]) => [key, sample(value)]),
      );
    case "array":
      return [sample(schema.items)];
    case "number":
    case "integer":
      return 1;
    case "boolean":
      return true;
    default:
      return "a";
  }
}

function bodyCases(operation: Operation, known: unknown): unknown[] {
  if (!operation.body) return [];
  let shape: unknown = {};
  try {
    shape = sample(z.toJSONSchema(operation.body, { unrepresentable: "any", io: "input" }) as JsonSchema);
  } catch {}
  const cases: unknown[] = [null, [], "text", 42, {}, shape];
  // Every hostile value against a body that is otherwise valid (it gets past validation of the other fields);
  // a few against the schema's bare shape.
  const bases: [unknown, unknown[]][] = [
    [known, HOSTILE],
    [shape, HOSTILE.slice(0, 8)],
  ];
  for (const [base, values] of bases) {
    if (!base || typeof base !== "object" || Array.isArray(base)) continue;
    for (const key of Object.keys(base)) {
      for (const value of values) cases.push({ ...base, [key]: value });
      const inner = (base as Record<string, unknown>)[key];
      if (inner && typeof inner === "object" && !Array.isArray(inner)) {
        for (const innerKey of Object.keys(inner)) {
          for (const value of HOSTILE.slice(0, 12)) {
            cases.push({ ...base, [key]: { ...(inner as object), [innerKey]: value } });
          }
        }
      }
    }
  }
  return cases;
}

function fillPath(template: string, value: (name: string) => string): string {
  return template.replace(/:(\w+)\??/g, (_, name: string) => value(name));
}

/**
 * (d) Every operation of the contract (src/shared/contracts/operations.ts) through the proxy with hostile path
 * parameters, query values and bodies, as a guest and signed in: no answer may be a 5xx.
 */
export async function fuzzEveryEndpoint(ctx: LoadContext, variants: Variant[]): Promise<CheckResult> {
  const { send } = ctx;
  const problems: string[] = [];
  const variant = variants[0] as Variant;
  const signedIn = shopperOn(send);
  const registered = await signedIn.post("/api/register", {
    first_name: "Fuzz",
    last_name: "Check",
    email: `fuzz-${ctx.runId}@example.pk`,
    password: "correct horse",
    password_confirmation: "correct horse",
  });
  if (registered.status === 201) signedIn.setToken(json<{ token: string }>(registered).token);
  else problems.push(`could not register the fuzz shopper (${registered.status})`);
  const known: Record<string, unknown> = {
    addToCart: { id: variant.productId, quantity: 1, size: variant.variantId },
    updateCart: { id: variant.variantId, quantity: 2 },
    removeFromCart: { id: variant.variantId },
    checkout: checkoutBody(`fuzz-order-${ctx.runId}@example.pk`),
    register: {
      first_name: "A",
      last_name: "B",
      email: `fuzz-new-${ctx.runId}@example.pk`,
      password: "correct horse",
      password_confirmation: "correct horse",
    },
    login: { email: `fuzz-${ctx.runId}@example.pk`, password: "wrong password" },
    updateProfile: { first_name: "Fuzz", last_name: "Check", email: `fuzz-${ctx.runId}@example.pk` },
    updatePassword: {
      current_password: "wrong",
      password: "another one",
      password_confirmation: "another one",
    },
  };
  const realParam: Record<string, string> = {
    slug: variant.slug,
    id: String(variant.productId),
    productId: String(variant.productId),
    product: String(variant.productId),
  };
  interface Case {
    id: string;
    method: string;
    path: string;
    body?: string;
    contentType?: string;
    auth: boolean;
  }
  const cases: Case[] = [];
  const skipped = new Set(["logout", "updatePassword"]);
  for (const [id, operation] of Object.entries(operations) as [string, Operation][]) {
    // Logging out or changing the password would end the signed-in half of the run; they run as guests only.
    // Catalogue operations ignore the token: one pass as a guest is enough for them.
    const auths = skipped.has(id) || operation.auth === "none" ? [false] : [false, true];
    const base = fillPath(operation.path, (name) => realParam[name] ?? "1");
    for (const auth of auths) {
      for (const value of PATH_VALUES) {
        if (!operation.path.includes(":")) break;
        cases.push({
          id,
          method: operation.method,
          path: `/api${fillPath(operation.path, () => value)}`,
          auth,
        });
      }
      const keys = Object.keys(operation.query?.shape ?? {});
      for (const key of [...keys, "unknown"]) {
        for (const value of QUERY_VALUES) {
          cases.push({
            id,
            method: operation.method,
            path: `/api${base}?${encodeURIComponent(key)}=${encodeURIComponent(value)}`,
            auth,
          });
        }
      }
      if (keys.length > 0) {
        cases.push({
          id,
          method: operation.method,
          path: `/api${base}?${keys.map((key) => `${key}=1&${key}=2`).join("&")}`,
          auth,
        });
      }
      if (operation.method === "POST") {
        for (const body of bodyCases(operation, known[id])) {
          cases.push({ id, method: "POST", path: `/api${base}`, body: JSON.stringify(body), auth });
        }
        for (const raw of ["{", "not json", "", '{"a":1}{"b":2}', "[".repeat(5000)]) {
          cases.push({ id, method: "POST", path: `/api${base}`, body: raw, auth });
        }
        cases.push({
          id,
          method: "POST",
          path: `/api${base}`,
          body: "a=1&b=2",
          contentType: "application/x-www-form-urlencoded",
          auth,
        });
        cases.push({
          id,
          method: "POST",
          path: `/api${base}`,
          body: JSON.stringify(known[id] ?? {}),
          contentType: "text/plain",
          auth,
        });
      } else {
        cases.push({ id, method: "POST", path: `/api${base}`, body: "{}", auth });
      }
    }
  }
  // Methods and paths outside the contract.
  for (const [method, extra] of [
    ["DELETE", "/api/cart"],
    ["PUT", "/api/checkout"],
    ["GET", "/api/%"],
    ["GET", "/api/../../etc/passwd"],
    ["OPTIONS", "/api/products"],
    ["PATCH", "/api/register"],
  ] as const) {
    cases.push({ id: `${method} ${extra}`, method, path: extra, auth: false });
  }

  const guest = shopperOn(send);
  await addLine(guest, variant);
  const failures = new Map<string, { count: number; sample: string }>();
  const statuses: Record<string, number> = {};
  const started = performance.now();
  await mapLimit(cases, 8, async (one) => {
    const headers: Record<string, string> = { "content-type": one.contentType ?? "application/json" };
    const who = one.auth ? signedIn : guest;
    const answer =
      one.body === undefined
        ? await who.call(one.method, one.path)
        : await who.call(one.method, one.path, undefined, { body: one.body, headers });
    const key = answer.status === 0 ? "no answer" : String(answer.status);
    statuses[key] = (statuses[key] ?? 0) + 1;
    if (answer.status >= 500 || answer.status === 0) {
      const known = failures.get(one.id) ?? { count: 0, sample: "" };
      known.count += 1;
      known.sample ||= `${one.method} ${one.path.slice(0, 120)} ${one.body?.slice(0, 120) ?? ""} -> ${answer.status} ${answer.text.slice(0, 120)}`;
      failures.set(one.id, known);
    }
  });
  for (const [id, failure] of failures)
    problems.push(`${id}: ${failure.count} x 5xx, e.g. ${failure.sample}`);
  return {
    name: "Fuzz over every API operation through the proxy",
    problems,
    figures: {
      operations: Object.keys(operations).length,
      requests: cases.length,
      seconds: Number(((performance.now() - started) / 1000).toFixed(1)),
      statuses,
      endpointsWith5xx: [...failures.keys()],
    },
  };
}
