import { type Expression, type ExpressionBuilder, type Kysely, type SqlBool, sql } from "kysely";
import type { Database } from "../../platform/db/schema.ts";
import type { CustomerStatus } from "../../shared/customer-statuses.ts";

/** `text` as a LIKE pattern that matches it anywhere, its own % and _ taken literally (escaped with \). */
export function containsPattern(text: string): string {
  return `%${text.toLowerCase().replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
}

/** `column` (lower-cased) contains the pattern; the same on both engines. */
export function likeContains(column: Expression<unknown>, pattern: string): Expression<SqlBool> {
  return sql<SqlBool>`lower(${column}) like ${pattern} escape '\\'`;
}

export interface CustomerFilter {
  search: string;
  status: CustomerStatus;
  /** Only customers with this tag (lower case, as stored). */
  tag?: string | undefined;
}

/** Tags as the users table keeps them: ",vip,wholesale," (empty for none), so one LIKE finds a whole tag. */
export const storedTags = (tags: readonly string[]) => (tags.length === 0 ? "" : `,${tags.join(",")},`);
export const tagsOf = (stored: string) => stored.split(",").filter(Boolean);

/** The back office's reads of customer accounts (role "customer"; staff and owners are managed under Staff). */
export function customersRepository(db: Kysely<Database>) {
  function filtered(filter: CustomerFilter) {
    let query = db.selectFrom("users").where("users.role", "=", "customer");
    if (filter.status === "active") query = query.where("users.disabled_at", "is", null);
    if (filter.status === "disabled") query = query.where("users.disabled_at", "is not", null);
    // A tag has no comma, % or _ (customersQuerySchema / CUSTOMER_TAG_PATTERN); the escape covers a typed one.
    if (filter.tag)
      query = query.where((eb) =>
        likeContains(eb.ref("users.staff_tags"), containsPattern(`,${filter.tag},`)),
      );
    if (filter.search !== "") {
      const pattern = containsPattern(filter.search);
      query = query.where((eb) =>
        eb.or([
          likeContains(sql`users.first_name || ' ' || users.last_name`, pattern),
          likeContains(eb.ref("users.email"), pattern),
          likeContains(eb.ref("users.phone"), pattern),
        ]),
      );
    }
    return query;
  }

  const ordersCount = (eb: ExpressionBuilder<Database, "users">) =>
    eb
      .selectFrom("orders")
      .select((inner) => inner.fn.countAll<number>().as("n"))
      .whereRef("orders.user_id", "=", "users.id")
      .as("orders_count");

  return {
    /** Replaces a customer's note and tags (`storedTags`). */
    async setStaffNotes(id: number, note: string, tags: string) {
      await db
        .updateTable("users")
        .set({ staff_note: note, staff_tags: tags })
        .where("id", "=", id)
        .execute();
    },

    /**
     * The next `limit` customers the filter keeps below id `beforeId` (newest first; from the newest without it),
     * with their order counts: the export's walk, by place rather than by skipping (issue 35 item 7).
     */
    exportPage: (filter: CustomerFilter, beforeId: number | undefined, limit: number) =>
      filtered(filter)
        .selectAll("users")
        .select((eb) => ordersCount(eb))
        .$if(beforeId !== undefined, (query) => query.where("users.id", "<", beforeId!))
        .orderBy("users.id", "desc")
        .limit(limit)
        .execute(),

    async page(filter: CustomerFilter, limit: number, offset: number) {
      const [rows, total] = await Promise.all([
        filtered(filter)
          .selectAll("users")
          .select((eb) => ordersCount(eb))
          .orderBy("users.id", "desc")
          .limit(limit)
          .offset(offset)
          .execute(),
        filtered(filter)
          .select((eb) => eb.fn.countAll<number>().as("n"))
          .executeTakeFirstOrThrow(),
      ]);
      return { rows, total: Number(total.n) };
    },

    findCustomer: (id: number) =>
      db
        .selectFrom("users")
        .selectAll("users")
        .select((eb) => ordersCount(eb))
        .where("users.id", "=", id)
        .where("users.role", "=", "customer")
        .executeTakeFirst(),

    /** The totals (paisa) of the customer's orders that were not cancelled. */
    async totalSpent(userId: number): Promise<number> {
      const row = await db
        .selectFrom("orders")
        .select((eb) => eb.fn.sum<number>("total").as("spent"))
        .where("user_id", "=", userId)
        .where("status", "!=", "cancelled")
        .executeTakeFirst();
      return Number(row?.spent ?? 0);
    },

    async orders(userId: number, limit: number, offset: number) {
      const [rows, total] = await Promise.all([
        db
          .selectFrom("orders")
          .select([
            "orders.number",
            "orders.status",
            "orders.created_at",
            "orders.total",
            (eb) =>
              eb
                .selectFrom("order_items")
                .select((inner) => inner.fn.sum<number>("quantity").as("q"))
                .whereRef("order_items.order_id", "=", "orders.id")
                .as("items"),
          ])
          .where("orders.user_id", "=", userId)
          .orderBy("orders.id", "desc")
          .limit(limit)
          .offset(offset)
          .execute(),
        db
          .selectFrom("orders")
          .select((eb) => eb.fn.countAll<number>().as("n"))
          .where("user_id", "=", userId)
          .executeTakeFirstOrThrow(),
      ]);
      return { rows, total: Number(total.n) };
    },
  };
}
