import type { Db, OrderRow } from "../../platform/db/schema.ts";
import { joinFlags, type RiskFlag, splitFlags } from "../../shared/order-risk.ts";
import { riskRepository } from "./risk.repository.ts";

/**
 * An order's risk (docs/decisions/0042-cod-orders-confirmed-and-tracked.md): the flags checkout stores with it, and
 * the counts behind them that the back office shows. A parcel refused at the door costs the shop freight both
 * ways, so what matters most is what this phone did before.
 */
const REFUSED = ["returning", "returned"];
const DAY_MS = 24 * 60 * 60 * 1000;

interface NewOrderKeys {
  phone_e164: string | null;
  address_key: string;
  /** Paisa. */
  total: number;
}

/** The flags of an order about to be placed (inside its transaction), as stored on it. */
export async function flagsAtCheckout(
  db: Db,
  order: NewOrderKeys,
  context: { now: Date; highValuePaisa: number; addressBlocked: boolean },
): Promise<string> {
  const since = new Date(context.now.getTime() - DAY_MS).toISOString();
  const flags: RiskFlag[] = [];
  if (context.addressBlocked) flags.push("blocked_address");
  // One round trip for the three questions (a checkout holds its transaction open while it waits for each).
  const history = await riskRepository.checkoutHistory(
    db,
    { phone_e164: order.phone_e164 || null, address_key: order.address_key },
    { refused: REFUSED, since },
  );
  if (history.refused) flags.push("refused_before");
  if (history.phoneRecent || history.addressRecent) flags.push("repeat_24h");
  if (context.highValuePaisa > 0 && order.total >= context.highValuePaisa) flags.push("high_value");
  return joinFlags(flags);
}

export interface RiskSignals {
  flags: RiskFlag[];
  /** This phone's earlier orders refused at the door (returning or returned), and delivered. */
  phone_refused: number;
  phone_delivered: number;
  /** The account's refused orders (null for a guest). */
  customer_refused: number | null;
  /** Other orders from this phone or address in the 24 hours before this one. */
  recent_orders: number;
  /** No earlier order from this phone or account. */
  first_order: boolean;
}

/** The counts behind an order's flags, as they stand now (a parcel refused since shows). */
export async function riskSignals(db: Db, order: OrderRow): Promise<RiskSignals> {
  const before = { beforeId: order.id };
  const since = new Date(new Date(order.created_at).getTime() - DAY_MS).toISOString();
  const phone = order.phone_e164 ? ({ column: "phone_e164", value: order.phone_e164 } as const) : undefined;
  const user = order.user_id === null ? undefined : ({ column: "user_id", value: order.user_id } as const);
  const count = (key: typeof phone | typeof user, where: Parameters<typeof riskRepository.countOrders>[2]) =>
    key ? riskRepository.countOrders(db, key, where) : Promise.resolve(0);
  const [
    phoneRefused,
    phoneDelivered,
    customerRefused,
    recentByPhone,
    recentByAddress,
    earlierByPhone,
    earlierByUser,
  ] = await Promise.all([
    count(phone, { statuses: REFUSED }),
    count(phone, { statuses: ["delivered"] }),
    count(user, { statuses: REFUSED }),
    count(phone, { since, ...before }),
    riskRepository.countOrders(db, { column: "address_key", value: order.address_key }, { since, ...before }),
    count(phone, before),
    count(user, before),
  ]);
  const refusedElsewhere = REFUSED.includes(order.status) ? 1 : 0;
  return {
    flags: splitFlags(order.risk_flags),
    phone_refused: phoneRefused - (phone ? refusedElsewhere : 0),
    phone_delivered: phoneDelivered - (phone && order.status === "delivered" ? 1 : 0),
    customer_refused: user ? customerRefused - refusedElsewhere : null,
    recent_orders: Math.max(recentByPhone, recentByAddress),
    first_order: earlierByPhone === 0 && earlierByUser === 0,
  };
}
