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
import { ValidationFailed } from "../errors.ts";
import { cityKey, type DeliveryPricing, toPaisa } from "../money/money.ts";
import { shopSettingsRepository as repository } from "./shop-settings.repository.ts";

/**
 * The owner's settings, kept in the database so that every instance reads the same and nobody edits a file to
 * change them. Each group has its defaults; a stored value that no longer passes its schema (written by an older
 * version) falls back to them field by field rather than stopping the shop.
 */
const ORDERS = "orders";
const DELIVERY = "delivery";

export async function readOrderSettings(db: Db): Promise<OrderSettings> {
  const stored = await repository.read(db, ORDERS);
  if (stored === undefined) return { ...ORDER_SETTINGS_DEFAULTS };
  const partial = orderSettingsSchema.partial().safeParse(JSON.parse(stored));
  return { ...ORDER_SETTINGS_DEFAULTS, ...(partial.success ? partial.data : {}) };
}

/** The owner's delivery charges (rupees), decision 0047; `deliveryPricing` turns them into what money.ts prices with. */
export async function readDeliverySettings(db: Db): Promise<DeliverySettings> {
  const defaults: DeliverySettings = { ...DELIVERY_DEFAULTS, city_charges: [] };
  const stored = await repository.read(db, DELIVERY);
  if (stored === undefined) return defaults;
  const fields = deliverySettingsSchema.shape;
  const json = JSON.parse(stored) as Record<string, unknown>;
  const kept = (Object.keys(fields) as (keyof DeliverySettings)[]).flatMap((name) => {
    const field = fields[name].safeParse(json[name]);
    return json[name] !== undefined && field.success ? [[name, field.data]] : [];
  });
  return { ...defaults, ...Object.fromEntries(kept) };
}

export function deliveryPricing(settings: DeliverySettings): DeliveryPricing {
  return {
    flat: toPaisa(settings.flat_charge),
    freeFrom: settings.free_from === null ? null : toPaisa(settings.free_from),
    cities: new Map(settings.city_charges.map(({ city, charge }) => [cityKey(city), toPaisa(charge)])),
    codFee: toPaisa(settings.cod_fee),
  };
}

/** A city named twice would leave which charge applies to chance. */
function refuseDuplicateCities(settings: DeliverySettings): void {
  const seen = new Set<string>();
  for (const [index, { city }] of settings.city_charges.entries()) {
    const key = cityKey(city);
    if (seen.has(key)) {
      throw ValidationFailed.field(
        `city_charges.${index}.city`,
        `${city.trim()} is listed twice; give each city one charge.`,
      );
    }
    seen.add(key);
  }
}

export function settingsService(db: Kysely<Database>) {
  /** Writes one group and audits it ("settings.<key>", with the group before and after) in one transaction. */
  async function save<Settings extends object>(
    actor: AuditActor,
    key: string,
    read: (db: Db) => Promise<Settings>,
    input: Settings,
  ): Promise<Settings> {
    const now = new Date();
    return db.transaction().execute(async (trx) => {
      const before = await read(trx);
      // A field the caller left out (one added after it was written) keeps its value.
      const after = {
        ...before,
        ...Object.fromEntries(Object.entries(input).filter(([, value]) => value !== undefined)),
      };
      await repository.write(trx, key, JSON.stringify(after), actor.email, now);
      await recordAudit(
        trx,
        { actor, action: `settings.${key}`, entityType: "settings", entityId: key, before, after },
        now,
      );
      return after;
    });
  }

  return {
    orders: () => readOrderSettings(db),
    delivery: () => readDeliverySettings(db),

    /** Saves the order settings (owner only, by the contract) and audits the change. */
    setOrders: (actor: AuditActor, input: OrderSettings) => save(actor, ORDERS, readOrderSettings, input),

    /** Saves the delivery charges (owner only, by the contract) and audits the change. */
    setDelivery(actor: AuditActor, input: DeliverySettings): Promise<DeliverySettings> {
      refuseDuplicateCities(input);
      return save(actor, DELIVERY, readDeliverySettings, input);
    },
  };
}

export type SettingsService = ReturnType<typeof settingsService>;
