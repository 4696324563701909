// The checkout workload: orders per second from prepared guest carts.
import { guestCart, sampleVariants } from "../lib/catalogue-samples.ts";
import { type Dataset, fillStock } from "../lib/datasets.ts";
import { mapLimit, request } from "../lib/http.ts";
import { percentile } from "../lib/load.ts";
import { fmt } from "../lib/table.ts";
import type { Run } from "../results.ts";
import { withServer } from "./shared.ts";

export interface CheckoutResult {
  carts: number;
  linesPerCart: number;
  concurrency: number;
  /** Orders placed per second over the whole batch, from the first request to the last answer. */
  ordersPerSecond: number;
  p50: number;
  p95: number;
  failures: number;
  /** Cart preparation (add-to-cart calls), not part of the measurement. */
  addsPerSecond: number;
}

const SHOPPER = {
  email: "bench@example.pk",
  phone: "03001234567",
  shipping_address: {
    country: "Pakistan",
    first_name: "Bench",
    last_name: "Mark",
    address: "1 Mall Road",
    city: "Lahore",
  },
  notes: "",
};

/**
 * Checkout throughput: `carts` guest carts are filled first (two lines each), then every cart checks out once,
 * at most `concurrency` at a time. Each checkout prices the cart, takes the stock, writes the order and its
 * lines, clears the cart and writes the confirmation email (to the outbox), as in production.
 */
export async function checkoutThroughput(
  origin: string,
  options: { carts: number; concurrency: number },
): Promise<CheckoutResult> {
  const variants = await sampleVariants(origin, 12);
  const linesPerCart = Math.min(2, variants.length);
  const preparing = performance.now();
  const cookies = await mapLimit(
    Array.from({ length: options.carts }, (_, index) => index),
    options.concurrency,
    (index) =>
      guestCart(
        origin,
        Array.from({ length: linesPerCart }, (_, line) => variants[(index + line) % variants.length]!),
      ),
  );
  const addsPerSecond = (options.carts * linesPerCart) / ((performance.now() - preparing) / 1000);

  const times: number[] = [];
  let failures = 0;
  const started = performance.now();
  await mapLimit(cookies, options.concurrency, async (cookie) => {
    const response = await request(`${origin}/api/checkout`, {
      method: "POST",
      headers: { cookie },
      body: SHOPPER,
    });
    if (response.status === 201) times.push(response.ms);
    else {
      failures++;
      if (failures === 1)
        console.error(`  checkout answered ${response.status}: ${response.body.slice(0, 200)}`);
    }
  });
  const seconds = (performance.now() - started) / 1000;
  times.sort((a, b) => a - b);
  return {
    carts: options.carts,
    linesPerCart,
    concurrency: options.concurrency,
    ordersPerSecond: times.length / seconds,
    p50: percentile(times, 0.5),
    p95: percentile(times, 0.95),
    failures,
    addsPerSecond,
  };
}

/** Checkout on a working copy of a catalogue whose stock is topped up so no order fails for want of it. */
export async function checkoutPhase(run: Run, copy: Dataset, engine: string, products: number) {
  await fillStock(copy, 1_000_000);
  await withServer(copy, async (server) => {
    const result = await checkoutThroughput(server.url, run.settings.checkout);
    run.log(
      `  ${fmt.int(result.ordersPerSecond)} orders/s, p50 ${fmt.ms(result.p50)} ms, p95 ${fmt.ms(result.p95)} ms`,
    );
    run.results.checkout.push({ engine, products, ...result });
  });
}
