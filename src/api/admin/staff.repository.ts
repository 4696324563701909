import type { Insertable, Updateable } from "kysely";
import type { Engine } from "../../platform/db/connection.ts";
import type { Db, UserTable } from "../../platform/db/schema.ts";

/** The staff screen's and `owner:create`'s SQL: the back office's accounts (owners and staff). */
export function staffRepository(db: Db) {
  return {
    /** The id of the account with this email (compared lower-cased), if any. */
    async userIdByEmail(email: string): Promise<number | undefined> {
      const row = await db
        .selectFrom("users")
        .select("id")
        .where((eb) => eb(eb.fn("lower", ["email"]), "=", email))
        .executeTakeFirst();
      return row?.id;
    },

    insertUser: (values: Insertable<UserTable>) =>
      db.insertInto("users").values(values).returningAll().executeTakeFirstOrThrow(),

    updateUser: (id: number, change: Updateable<UserTable>) =>
      db.updateTable("users").set(change).where("id", "=", id).returningAll().executeTakeFirstOrThrow(),

    /** Owners first, then by name. */
    listStaff: () =>
      db
        .selectFrom("users")
        .selectAll()
        .where("role", "in", ["owner", "staff"])
        .orderBy((eb) => eb.case().when("role", "=", "owner").then(0).else(1).end())
        .orderBy("first_name")
        .orderBy("last_name")
        .orderBy("id")
        .execute(),

    findStaff: (id: number) =>
      db
        .selectFrom("users")
        .selectAll()
        .where("id", "=", id)
        .where("role", "in", ["owner", "staff"])
        .executeTakeFirst(),

    /** How many owners there are; on PostgreSQL every owner row is locked for the transaction first. */
    async countOwnersLocked(engine: Engine): Promise<number> {
      let owners = db.selectFrom("users").select("id").where("role", "=", "owner");
      if (engine === "postgres") owners = owners.orderBy("id").forUpdate();
      return (await owners.execute()).length;
    },
  };
}
