import type { Kysely } from "kysely";
import type { Database, Db } from "../../platform/db/schema.ts";
import {
  DELIVERY_DEFAULTS,
  type DeliverySettings,
  deliverySettingsSchema,
} from "../../shared/contracts/coupons.ts";
import {
  ORDER_SETTINGS_DEFAULTS,
  type OrderSettings,
  orderSettingsSchema,
} from "../../shared/contracts/settings.ts";
import { type AuditActor, recordAudit } from "../admin/audit.ts";
import { cityKey, type DeliveryPricing, toPaisa } from "../money/money.ts";
import { shopSettingsRepository as repository } from "./shop-settings.repository.ts";

/**
 * The owner's settings, kept in the database so that every instance reads the same and nobody edits a file to
 * change them. Each group has its defaults; a stored value that no longer passes its schema (written by an older
 * version) falls back to them field by field rather than stopping the shop.
 */
const ORDERS = "orders";
const DELIVERY = "delivery";

/** The owner's delivery charges (decision 0047); the defaults are the spec's flat Rs. 200. */
export async function readDeliverySettings(db: Db): Promise<DeliverySettings> {
  const stored = await repository.read(db, DELIVERY);
  const defaults: DeliverySettings = { ...DELIVERY_DEFAULTS, city_charges: [] };
  if (stored === undefined) return defaults;
  const partial = deliverySettingsSchema.partial().safeParse(JSON.parse(stored));
  return { ...defaults, ...(partial.success ? partial.data : {}) };
}

/** The settings as the money module prices them (paisa; cities by `cityKey`). */
export function deliveryPricing(settings: DeliverySettings): DeliveryPricing {
  return {
    flat: toPaisa(settings.flat_charge),
    freeFrom: settings.free_from === null ? null : toPaisa(settings.free_from),
    cities: new Map(settings.city_charges.map((entry) => [cityKey(entry.city), toPaisa(entry.charge)])),
    codFee: toPaisa(settings.cod_fee),
  };
}

export async function readOrderSettings(db: Db): Promise<OrderSettings> {
  const stored = await repository.read(db, ORDERS);
  if (stored === undefined) return { ...ORDER_SETTINGS_DEFAULTS };
  const partial = orderSettingsSchema.partial().safeParse(JSON.parse(stored));
  return { ...ORDER_SETTINGS_DEFAULTS, ...(partial.success ? partial.data : {}) };
}

export function settingsService(db: Kysely<Database>) {
  return {
    orders: () => readOrderSettings(db),

    /** Saves the order settings (owner only, by the contract) and audits the change. */
    async setOrders(actor: AuditActor, input: OrderSettings): Promise<OrderSettings> {
      const now = new Date();
      await db.transaction().execute(async (trx) => {
        const before = await readOrderSettings(trx);
        await repository.write(trx, ORDERS, JSON.stringify(input), actor.email, now);
        await recordAudit(
          trx,
          {
            actor,
            action: "settings.orders",
            entityType: "settings",
            entityId: ORDERS,
            before,
            after: input,
          },
          now,
        );
      });
      return input;
    },
  };
}

export type SettingsService = ReturnType<typeof settingsService>;
