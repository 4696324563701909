import type { CourierSettings } from "../../platform/config.ts";
import type { Courier } from "./courier.ts";
import { leopardsCourier } from "./leopards.ts";
import { ownCourier } from "./own.ts";
import { postexCourier } from "./postex.ts";

/**
 * The couriers this shop can book, built from the settings: one with credentials is offered, one without is not;
 * `own` always is. With COURIER_SIMULATORS=on the platform has already pointed the settings at the simulators.
 */
export interface CourierRegistry {
  /** The courier, when it is offered. */
  get(id: string): Courier | undefined;
  offered(): Courier[];
  /** How staff read a courier's id (also one that is no longer configured). */
  name(id: string): string;
  webhookSecret(id: string): string | undefined;
  /** The couriers the tracking worker can ask (not `own`). */
  trackable(): string[];
  simulated: boolean;
}

const NAMES: Record<string, string> = {
  leopards: "Leopards Courier",
  postex: "PostEx",
  own: "Own delivery or another courier",
};

export function courierRegistry(settings: CourierSettings | undefined): CourierRegistry {
  const couriers: Courier[] = [];
  const secrets = new Map<string, string>();
  if (settings?.leopards) {
    couriers.push(leopardsCourier({ ...settings.leopards, timeoutMs: settings.timeoutMs }));
    if (settings.leopards.webhookSecret) secrets.set("leopards", settings.leopards.webhookSecret);
  }
  if (settings?.postex) {
    couriers.push(postexCourier({ ...settings.postex, timeoutMs: settings.timeoutMs }));
    if (settings.postex.webhookSecret) secrets.set("postex", settings.postex.webhookSecret);
  }
  couriers.push(ownCourier());
  const byId = new Map(couriers.map((courier) => [courier.id as string, courier]));
  return {
    get: (id) => byId.get(id),
    offered: () => couriers,
    name: (id) => NAMES[id] ?? id,
    webhookSecret: (id) => secrets.get(id),
    trackable: () => couriers.filter((courier) => courier.id !== "own").map((courier) => courier.id),
    simulated: settings?.simulators ?? false,
  };
}
