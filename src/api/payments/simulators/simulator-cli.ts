/**
 * `npm run payments:simulator` — starts the JazzCash, Easypaisa and Safepay simulators for a demo, on fixed ports,
 * sending their notifications to the shop at PUBLIC_URL (default http://localhost:3000), and prints how to point a
 * shop at them. A shop started with PAYMENT_SIMULATORS=on starts its own instead; this is for a shop configured by
 * hand (JAZZCASH_URL…), or to send a late or repeated notification from the command line:
 *
 *   curl -X POST localhost:4201/_simulator/notify -H 'content-type: application/json' -d '{"reference":"P…"}'
 *   curl localhost:4201/_simulator/payments
 *   curl -X POST localhost:4203/_simulator/failure -H 'content-type: application/json' -d '{"mode":"5xx"}'
 *
 * Runs under plain Node 24 (type stripping), so only erasable TypeScript syntax and `.ts` imports here.
 */
import { EASYPAISA_TEST_CREDENTIALS } from "./easypaisa-simulator.ts";
import { JAZZCASH_TEST_CREDENTIALS } from "./jazzcash-simulator.ts";
import { SAFEPAY_TEST_CREDENTIALS } from "./safepay-simulator.ts";
import { startPaymentSimulators } from "./simulated-payments.ts";

const shopUrl = (process.env.PUBLIC_URL ?? "http://localhost:3000").replace(/\/$/, "");
const simulators = await startPaymentSimulators({
  shopUrl,
  host: process.env.PAYMENT_SIMULATOR_HOST ?? "127.0.0.1",
  ports: {
    jazzcash: Number(process.env.JAZZCASH_SIMULATOR_PORT ?? 4201),
    easypaisa: Number(process.env.EASYPAISA_SIMULATOR_PORT ?? 4202),
    safepay: Number(process.env.SAFEPAY_SIMULATOR_PORT ?? 4203),
  },
});

process.stdout.write(
  [
    "Payment simulators are running (no money moves). Point the shop at them with:",
    `  JAZZCASH_URL=${simulators.jazzcash.url}`,
    `  JAZZCASH_MERCHANT_ID=${JAZZCASH_TEST_CREDENTIALS.merchantId}`,
    `  JAZZCASH_PASSWORD=${JAZZCASH_TEST_CREDENTIALS.password}`,
    `  JAZZCASH_INTEGRITY_SALT=${JAZZCASH_TEST_CREDENTIALS.integritySalt}`,
    `  JAZZCASH_MERCHANT_MPIN=${JAZZCASH_TEST_CREDENTIALS.merchantMpin}`,
    `  EASYPAISA_URL=${simulators.easypaisa.url}`,
    `  EASYPAISA_STORE_ID=${EASYPAISA_TEST_CREDENTIALS.storeId}`,
    `  EASYPAISA_HASH_KEY=${EASYPAISA_TEST_CREDENTIALS.hashKey}`,
    `  EASYPAISA_USERNAME=${EASYPAISA_TEST_CREDENTIALS.username}`,
    `  EASYPAISA_PASSWORD=${EASYPAISA_TEST_CREDENTIALS.password}`,
    `  EASYPAISA_ACCOUNT_NUM=${EASYPAISA_TEST_CREDENTIALS.accountNum}`,
    `  SAFEPAY_URL=${simulators.safepay.url}`,
    "  SAFEPAY_ENVIRONMENT=sandbox",
    `  SAFEPAY_API_KEY=${SAFEPAY_TEST_CREDENTIALS.apiKey}`,
    `  SAFEPAY_SECRET_KEY=${SAFEPAY_TEST_CREDENTIALS.secretKey}`,
    `  SAFEPAY_WEBHOOK_SECRET=${SAFEPAY_TEST_CREDENTIALS.webhookSecret}`,
    `Notifications go to ${shopUrl}/api/payments/{jazzcash,easypaisa,safepay}/notify. Ctrl-C stops them.`,
    "",
  ].join("\n"),
);

const stop = async () => {
  await simulators.close();
  process.exit(0);
};
process.once("SIGINT", stop);
process.once("SIGTERM", stop);
