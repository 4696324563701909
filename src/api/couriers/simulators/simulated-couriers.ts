import type { CourierSettings } from "../../../platform/config.ts";
import { LEOPARDS_TEST_CREDENTIALS, startLeopardsSimulator } from "./leopards-simulator.ts";
import { POSTEX_TEST_TOKEN, startPostexSimulator } from "./postex-simulator.ts";
import type { Simulator } from "./simulator-kit.ts";

/**
 * Both couriers' simulators at once, and the courier settings that point the shop at them with their test
 * credentials: what COURIER_SIMULATORS=on starts with the shop, what `npm run courier:simulator` starts for a
 * demo, and what the tests use. Each pushes to the shop's webhook for its courier, signed with the secret below.
 */
export const SIMULATOR_WEBHOOK_SECRETS = {
  leopards: "simulator-leopards-webhook-secret",
  postex: "simulator-postex-webhook-secret",
} as const;

export interface CourierSimulators {
  leopards: Simulator;
  postex: Simulator;
  /** `base` with both couriers pointed at the simulators. */
  settings(base: CourierSettings): CourierSettings;
  close(): Promise<void>;
}

export async function startCourierSimulators(
  options: { shopUrl?: string; host?: string; ports?: { leopards?: number; postex?: number } } = {},
): Promise<CourierSimulators> {
  const push = (courier: keyof typeof SIMULATOR_WEBHOOK_SECRETS) =>
    options.shopUrl
      ? {
          push: {
            url: `${options.shopUrl}/api/couriers/${courier}/webhook`,
            secret: SIMULATOR_WEBHOOK_SECRETS[courier],
          },
        }
      : {};
  const host = options.host ? { host: options.host } : {};
  const leopards = await startLeopardsSimulator({
    ...push("leopards"),
    ...host,
    ...(options.ports?.leopards ? { port: options.ports.leopards } : {}),
  });
  const postex = await startPostexSimulator({
    ...push("postex"),
    ...host,
    ...(options.ports?.postex ? { port: options.ports.postex } : {}),
  });
  return {
    leopards,
    postex,
    settings: (base) => ({
      ...base,
      simulators: true,
      leopards: {
        ...LEOPARDS_TEST_CREDENTIALS,
        apiUrl: leopards.url,
        webhookSecret: SIMULATOR_WEBHOOK_SECRETS.leopards,
      },
      postex: {
        token: POSTEX_TEST_TOKEN,
        apiUrl: postex.url,
        pickupAddressCode: undefined,
        webhookSecret: SIMULATOR_WEBHOOK_SECRETS.postex,
      },
    }),
    close: async () => {
      await Promise.all([leopards.close(), postex.close()]);
    },
  };
}
