import type { Kysely, Selectable } from "kysely";
import type { Database } from "../../platform/db/schema.ts";

/** The back office's lists that are read newest first, a page at a time: each has `created_at` and `id`. */
export type NewestFirstTable = "blocklist" | "coupons" | "campaigns" | "posts";

/** One page of a list, newest first, and how many rows it has (the blocklist, discount codes, sales, posts). */
export function newestFirst<T extends NewestFirstTable>(db: Kysely<Database>, table: T) {
  const from = () => db.selectFrom(table as NewestFirstTable);
  return {
    page: (limit: number, offset: number) =>
      from()
        .selectAll()
        .orderBy("created_at", "desc")
        .orderBy("id", "desc")
        .limit(limit)
        .offset(offset)
        .execute() as Promise<Selectable<Database[T]>[]>,

    count: async () =>
      Number(
        (
          await from()
            .select((eb) => eb.fn.countAll<number | string>().as("n"))
            .executeTakeFirstOrThrow()
        ).n,
      ),
  };
}
