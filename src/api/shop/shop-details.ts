import type { Kysely } from "kysely";
import type { Database, Db } from "../../platform/db/schema.ts";
import {
  SHOP_DETAILS_DEFAULTS,
  type ShopDetails,
  shopDetailsSchema,
} from "../../shared/contracts/shop-details.ts";
import type { AuditActor } from "../admin/audit.ts";
import type { CatalogueListener } from "../catalogue/catalogue-write.ts";
import { databaseKey, versionedCache } from "../catalogue/count-cache.ts";
import { setShopIdentity } from "../mail/shop-identity.ts";
import { savePublicSetting } from "../settings/public-setting.ts";
import { shopSettingsRepository } from "../settings/shop-settings.repository.ts";

/**
 * The shop's own details (decision 0066): name, phone, email, address, opening hours and social links, kept with
 * the shop's settings. Until the owner first saves, the shop shows `SHOP_DETAILS_DEFAULTS`, the texts it had as
 * constants. Every page shows them (the root loader), so they are read once per process and catalogue version;
 * saving is a catalogue change, which drops the kept pages and this cache on every instance.
 */
const KEY = "shop-details";

/** The saved details, or the defaults (a stored value that no longer parses: the defaults). */
export async function readShopDetails(db: Db): Promise<ShopDetails> {
  const stored = await shopSettingsRepository.read(db, KEY);
  const parsed = stored === undefined ? undefined : shopDetailsSchema.safeParse(JSON.parse(stored));
  return parsed?.success ? parsed.data : structuredClone(SHOP_DETAILS_DEFAULTS);
}

const cache = versionedCache<ShopDetails>(60_000, 16);

/** The details as pages and mails show them now; reading them also sets the mails' identity (mail/shop-identity.ts). */
export function currentShopDetails(db: Kysely<Database>): Promise<ShopDetails> {
  return cache.get(databaseKey(db), async () => {
    const details = await readShopDetails(db);
    setShopIdentity(details);
    return details;
  });
}

export function shopDetailsService(db: Kysely<Database>, onCatalogueChanged?: CatalogueListener) {
  return {
    current: () => currentShopDetails(db),

    read: () => readShopDetails(db),

    /** Replaces the details (the owner's; audited), a catalogue change so every page follows. */
    async replace(actor: AuditActor, details: ShopDetails): Promise<ShopDetails> {
      await savePublicSetting(db, actor, KEY, readShopDetails, details, onCatalogueChanged);
      setShopIdentity(details);
      return details;
    },
  };
}

export type ShopDetailsService = ReturnType<typeof shopDetailsService>;
