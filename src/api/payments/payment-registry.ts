import type { PaymentSettings } from "../../platform/config.ts";
import type { OnlineMethod, PaymentMethod } from "../../shared/payment.ts";
import { easypaisaProvider } from "./easypaisa.ts";
import { jazzcashProvider } from "./jazzcash.ts";
import type { PaymentProvider, PaymentStart } from "./provider.ts";
import { safepayProvider, safepayTrackerOf, safepayUrls } from "./safepay.ts";

/**
 * The payment providers this shop offers, built from the settings: one with credentials is offered, one without
 * is not; cash on delivery always is, and a bank transfer when the shop's account is given. With
 * PAYMENT_SIMULATORS=on the platform has already pointed the settings at the simulators.
 */
export interface PaymentRegistry {
  /** The provider of an online method, when it is offered. */
  get(id: string): PaymentProvider | undefined;
  /** The methods the checkout offers, cash on delivery first. */
  methods(): PaymentMethod[];
  /** A provider without a refund API (Easypaisa, decision 0051): its refunds are made in its portal, recorded here. */
  refundsByHand(id: string): boolean;
  /** The provider's own id for an attempt, when only its start carries it (Safepay's tracker). */
  providerReferenceOf(id: OnlineMethod, start: PaymentStart): string | null;
  bank: PaymentSettings["bank"];
  settings: PaymentSettings;
}

export function paymentRegistry(settings: PaymentSettings): PaymentRegistry {
  const providers = new Map<string, PaymentProvider>();
  const { timeoutMs } = settings;
  if (settings.jazzcash) {
    const { merchantMpin, ...jazzcash } = settings.jazzcash;
    providers.set(
      "jazzcash",
      jazzcashProvider({ ...jazzcash, timeoutMs, ...(merchantMpin ? { merchantMpin } : {}) }),
    );
  }
  if (settings.easypaisa) providers.set("easypaisa", easypaisaProvider({ ...settings.easypaisa, timeoutMs }));
  if (settings.safepay) {
    const { url, ...safepay } = settings.safepay;
    providers.set(
      "safepay",
      safepayProvider({ ...safepay, ...safepayUrls(safepay.environment, url), timeoutMs }),
    );
  }
  const online = (["jazzcash", "easypaisa", "safepay"] as const).filter((id) => providers.has(id));
  return {
    get: (id) => providers.get(id),
    methods: () => ["cod", ...online, ...(settings.bank ? (["bank_transfer"] as const) : [])],
    refundsByHand: (id) => id === "easypaisa",
    providerReferenceOf: (id, start) => (id === "safepay" ? safepayTrackerOf(start) : null),
    bank: settings.bank,
    settings,
  };
}

/** Settings with no provider, no bank account: cash on delivery only (what tests and a fresh shop start with). */
export const CASH_ONLY: PaymentSettings = {
  simulators: false,
  jazzcash: undefined,
  easypaisa: undefined,
  safepay: undefined,
  bank: undefined,
  holdMinutes: 30,
  bankHoldHours: 48,
  timeoutMs: 15_000,
  checkMinutes: 1,
};

/**
 * The origins a shopper's browser is sent to, by a form the shop posts or a redirect after one: each offered
 * provider's hosted pages (its simulator's with PAYMENT_SIMULATORS=on). The pages' Content-Security-Policy lets
 * forms go there (`form-action`), and nowhere else but the shop.
 */
export function paymentFormOrigins(settings: PaymentSettings): string[] {
  const urls = [
    settings.jazzcash?.url,
    settings.easypaisa?.url,
    settings.safepay
      ? safepayUrls(settings.safepay.environment, settings.safepay.url).checkoutUrl
      : undefined,
  ];
  const origins = urls.flatMap((url) => {
    try {
      return url ? [new URL(url).origin] : [];
    } catch {
      return [];
    }
  });
  return [...new Set(origins)];
}
