import type { PaymentSettings } from "../../../platform/config.ts";
import { EASYPAISA_TEST_CREDENTIALS, startEasypaisaSimulator } from "./easypaisa-simulator.ts";
import { JAZZCASH_TEST_CREDENTIALS, startJazzcashSimulator } from "./jazzcash-simulator.ts";
import type { PaymentSimulator } from "./payment-simulator-kit.ts";
import { SAFEPAY_TEST_CREDENTIALS, startSafepaySimulator } from "./safepay-simulator.ts";

/**
 * Every payment provider's simulator at once, and the payment settings that point the shop at them with their
 * test credentials: what PAYMENT_SIMULATORS=on starts with the shop, what `npm run payments:simulator` starts for
 * a demo, and what the tests use. Each sends its notifications to the shop's notify route for its provider.
 */
export interface PaymentSimulators {
  jazzcash: PaymentSimulator;
  easypaisa: PaymentSimulator;
  safepay: PaymentSimulator;
  /** `base` with every provider pointed at its simulator (and a test bank account when none is given). */
  settings(base: PaymentSettings): PaymentSettings;
  close(): Promise<void>;
}

export const SIMULATED_BANK = {
  accountTitle: "Bags & Threads (test account)",
  bankName: "Simulated Bank",
  iban: "PK36SCBL0000001123456702",
  raastId: "03001234567",
};

export async function startPaymentSimulators(
  options: {
    shopUrl?: string;
    host?: string;
    ports?: { jazzcash?: number; easypaisa?: number; safepay?: number };
  } = {},
): Promise<PaymentSimulators> {
  const common = (provider: "jazzcash" | "easypaisa" | "safepay") => ({
    ...(options.shopUrl ? { notifyUrl: `${options.shopUrl}/api/payments/${provider}/notify` } : {}),
    ...(options.host ? { host: options.host } : {}),
    ...(options.ports?.[provider] ? { port: options.ports[provider] } : {}),
  });
  const jazzcash = await startJazzcashSimulator(common("jazzcash"));
  const easypaisa = await startEasypaisaSimulator(common("easypaisa"));
  const safepay = await startSafepaySimulator(common("safepay"));
  return {
    jazzcash,
    easypaisa,
    safepay,
    settings: (base) => ({
      ...base,
      simulators: true,
      jazzcash: { ...JAZZCASH_TEST_CREDENTIALS, url: jazzcash.url, txnType: "MWALLET" },
      easypaisa: { ...EASYPAISA_TEST_CREDENTIALS, url: easypaisa.url },
      safepay: { ...SAFEPAY_TEST_CREDENTIALS, environment: "sandbox", url: safepay.url },
      bank: base.bank ?? SIMULATED_BANK,
    }),
    async close() {
      await Promise.all([jazzcash.close(), easypaisa.close(), safepay.close()]);
    },
  };
}
