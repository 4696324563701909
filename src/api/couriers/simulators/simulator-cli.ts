/**
 * `npm run courier:simulator` — starts the Leopards and PostEx simulators for a demo, on fixed ports, pushing each
 * status change to the shop's webhooks at PUBLIC_URL (default http://localhost:3000), and prints how to point a
 * shop at them. A shop started with COURIER_SIMULATORS=on starts its own instead; this is for a shop configured by
 * hand (LEOPARDS_API_URL, POSTEX_API_URL…), or to drive a parcel from the command line:
 *
 *   curl -X POST localhost:4101/_simulator/advance -d '{"consignment_number":"LE123456789"}'
 *   curl -X POST localhost:4101/_simulator/advance -d '{"consignment_number":"LE123456789","to":"Refused"}'
 *   curl -X POST localhost:4102/_simulator/failure -d '{"mode":"5xx","times":1}'
 *
 * Runs under plain Node 24 (type stripping), so only erasable TypeScript syntax and `.ts` imports here.
 */
import { LEOPARDS_TEST_CREDENTIALS } from "./leopards-simulator.ts";
import { POSTEX_TEST_TOKEN } from "./postex-simulator.ts";
import { SIMULATOR_WEBHOOK_SECRETS, startCourierSimulators } from "./simulated-couriers.ts";

const shopUrl = (process.env.PUBLIC_URL ?? "http://localhost:3000").replace(/\/$/, "");
const simulators = await startCourierSimulators({
  shopUrl,
  host: process.env.COURIER_SIMULATOR_HOST ?? "127.0.0.1",
  ports: {
    leopards: Number(process.env.LEOPARDS_SIMULATOR_PORT ?? 4101),
    postex: Number(process.env.POSTEX_SIMULATOR_PORT ?? 4102),
  },
});

process.stdout.write(
  [
    "Courier simulators are running. Point the shop at them with:",
    `  LEOPARDS_API_URL=${simulators.leopards.url}`,
    `  LEOPARDS_API_KEY=${LEOPARDS_TEST_CREDENTIALS.apiKey}`,
    `  LEOPARDS_API_PASSWORD=${LEOPARDS_TEST_CREDENTIALS.apiPassword}`,
    `  LEOPARDS_WEBHOOK_SECRET=${SIMULATOR_WEBHOOK_SECRETS.leopards}`,
    `  POSTEX_API_URL=${simulators.postex.url}`,
    `  POSTEX_TOKEN=${POSTEX_TEST_TOKEN}`,
    `  POSTEX_WEBHOOK_SECRET=${SIMULATOR_WEBHOOK_SECRETS.postex}`,
    `Status pushes go to ${shopUrl}/api/couriers/{leopards,postex}/webhook. Ctrl-C stops them.`,
    "",
  ].join("\n"),
);

const stop = async () => {
  await simulators.close();
  process.exit(0);
};
process.once("SIGINT", stop);
process.once("SIGTERM", stop);
