import type { Logger } from "pino";
import { isUniqueViolation } from "../../../platform/db/errors.ts";
import type { Trx } from "../../../platform/db/schema.ts";
import type { Storage } from "../../../platform/storage/storage.ts";
import { CATALOGUE_MESSAGES as M } from "../../../shared/catalogue-settings.ts";
import {
  type CatalogueListener,
  catalogueWrite,
  markCatalogueChanged,
} from "../../catalogue/catalogue-write.ts";
import { ValidationFailed } from "../../errors.ts";
import type { CatalogueRepository } from "./catalogue.repository.ts";

export interface CatalogueDeps {
  repository: CatalogueRepository;
  /** Where uploaded slide pictures are stored (the folder or the bucket); without it the shop cannot take uploads. */
  storage: Storage | undefined;
  logger: Logger;
  /** Told after every committed change (by `catalogueWrite`): public pages show these settings. */
  onCatalogueChanged?: CatalogueListener | undefined;
}

/**
 * How every catalogue-settings write runs: one `catalogueWrite` (a transaction, retried on a deadlock), which
 * once committed tells this process's caches and the server's (`onCatalogueChanged`): every such write changes
 * what public pages show. A unique index refusing the write (a save at the same moment took the name) becomes
 * `onTaken`'s 422, and tells nobody.
 */
export function committedWrites(deps: CatalogueDeps) {
  async function write<T>(work: (trx: Trx) => Promise<T>, onTaken: () => ValidationFailed): Promise<T> {
    try {
      return await catalogueWrite(
        deps.repository.transaction,
        (trx) => {
          markCatalogueChanged(trx);
          return work(trx);
        },
        deps.onCatalogueChanged,
      );
    } catch (error) {
      if (isUniqueViolation(error)) throw onTaken();
      throw error;
    }
  }
  /** For writes no unique index can refuse. */
  const busy = () => new ValidationFailed({}, M.busy);
  return { write, busy };
}

/** The same ids in any order, each once (a reorder must name every row it orders). */
export function sameIds(given: number[], expected: number[]): boolean {
  return (
    given.length === expected.length &&
    new Set(given).size === given.length &&
    expected.every((id) => given.includes(id))
  );
}
