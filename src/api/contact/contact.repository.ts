import type { Insertable, Kysely } from "kysely";
import type { ContactMessageTable, Database } from "../../platform/db/schema.ts";

/** Messages sent through the contact form. */
export function contactRepository(db: Kysely<Database>) {
  return {
    async insert(values: Insertable<ContactMessageTable>): Promise<number> {
      const row = await db
        .insertInto("contact_messages")
        .values(values)
        .returning("id")
        .executeTakeFirstOrThrow();
      return row.id;
    },
  };
}
