import type { Kysely } from "kysely";
import type { Database, UserRow } from "../../platform/db/schema.ts";
import { retryingTransaction } from "../../platform/db/transaction.ts";
import type { AdminCustomer, CustomerDetail, CustomerNotesInput } from "../../shared/contracts/admin.ts";
import type { PageMeta } from "../../shared/contracts/catalogue.ts";
import { accountRepository } from "../account/account.repository.ts";
import type { Identity } from "../account/auth.ts";
import { csvRecord } from "../csv.ts";
import { NotFound } from "../errors.ts";
import { toRupees } from "../money/money.ts";
import { pageMeta } from "../pagination.ts";
import { toAdminUser } from "./admin-user.ts";
import { recordAudit } from "./audit.ts";
import { type CustomerFilter, customersRepository, storedTags, tagsOf } from "./customers.repository.ts";

export const CUSTOMERS_PER_PAGE = 20;
export const CUSTOMER_ORDERS_PER_PAGE = 20;
export const CUSTOMER_NOT_FOUND = "No customer has this id.";

/** The customers export's columns, in order (times in UTC, ISO 8601). */
export const CUSTOMER_CSV_COLUMNS = [
  "Id",
  "First name",
  "Last name",
  "Email",
  "Phone",
  "Status",
  "Registered at",
  "Orders",
  "Tags",
  "Staff note",
] as const;

/** Accounts read per round of queries by the export. */
export const CUSTOMER_EXPORT_PAGE = 500;

const toCustomer = (row: UserRow & { orders_count: number | string | null }): AdminCustomer => ({
  ...toAdminUser(row),
  orders_count: Number(row.orders_count ?? 0),
  staff_note: row.staff_note,
  tags: tagsOf(row.staff_tags),
});

/** What the audit log keeps of an account whose access changed. */
const accessView = (user: UserRow) => ({ email: user.email, disabled_at: user.disabled_at });

/**
 * Customers in the back office: find them, read one with their orders, and disable or enable an account. Staff
 * and owners are not customers here (they are managed under Staff, by the owner): their ids answer 404.
 */
export function customersService(db: Kysely<Database>) {
  const customers = customersRepository(db);

  async function customerOrFail(id: number) {
    const row = await customers.findCustomer(id);
    if (!row) throw new NotFound(CUSTOMER_NOT_FOUND);
    return row;
  }

  /** Sets or clears `disabled_at` in one transaction with its audit entry; nothing when already so. */
  async function setDisabled(actor: Identity, id: number, disable: boolean): Promise<AdminCustomer> {
    await retryingTransaction(db, async (trx) => {
      const before = await customersRepository(trx).findCustomer(id);
      if (!before) throw new NotFound(CUSTOMER_NOT_FOUND);
      if ((before.disabled_at !== null) === disable) return;
      const after = await accountRepository(trx).setDisabled(id, disable ? new Date().toISOString() : null);
      await recordAudit(trx, {
        actor: actor.user,
        action: disable ? "customer.disable" : "customer.enable",
        entityType: "user",
        entityId: id,
        before: accessView(before),
        after: accessView(after),
      });
    });
    return toCustomer(await customerOrFail(id));
  }

  return {
    /** Replaces staff's note and tags on a customer, each when given (issue 35 item 7), audited with before and after. */
    async updateNotes(actor: Identity, id: number, input: CustomerNotesInput): Promise<AdminCustomer> {
      await retryingTransaction(db, async (trx) => {
        const before = await customersRepository(trx).findCustomer(id);
        if (!before) throw new NotFound(CUSTOMER_NOT_FOUND);
        const note = input.staff_note ?? before.staff_note;
        const tags = input.tags ? storedTags([...new Set(input.tags)]) : before.staff_tags;
        if (note === before.staff_note && tags === before.staff_tags) return;
        await customersRepository(trx).setStaffNotes(id, note, tags);
        await recordAudit(trx, {
          actor: actor.user,
          action: "customer.notes",
          entityType: "user",
          entityId: id,
          before: { staff_note: before.staff_note, tags: tagsOf(before.staff_tags) },
          after: { staff_note: note, tags: tagsOf(tags) },
        });
      });
      return toCustomer(await customerOrFail(id));
    },

    /**
     * Every customer the list's filters keep, newest first, as CSV (issue 35 item 7): a page of accounts at a
     * time, each found after the last one read, so the export's memory stays flat however many there are.
     */
    async *exportCsv(filter: CustomerFilter): AsyncGenerator<string> {
      yield csvRecord(CUSTOMER_CSV_COLUMNS);
      let beforeId: number | undefined;
      for (;;) {
        const rows = await customers.exportPage(filter, beforeId, CUSTOMER_EXPORT_PAGE);
        if (rows.length === 0) return;
        yield rows
          .map((row) =>
            csvRecord([
              row.id,
              row.first_name,
              row.last_name,
              row.email,
              row.phone,
              row.disabled_at === null ? "active" : "disabled",
              row.created_at,
              Number(row.orders_count ?? 0),
              tagsOf(row.staff_tags).join(", "),
              row.staff_note,
            ]),
          )
          .join("");
        beforeId = rows.at(-1)!.id;
      }
    },

    async list(filter: CustomerFilter, page: number): Promise<{ data: AdminCustomer[]; meta: PageMeta }> {
      const { rows, total } = await customers.page(
        filter,
        CUSTOMERS_PER_PAGE,
        (page - 1) * CUSTOMERS_PER_PAGE,
      );
      return { data: rows.map(toCustomer), meta: pageMeta(page, CUSTOMERS_PER_PAGE, rows.length, total) };
    },

    async detail(id: number, page: number): Promise<CustomerDetail> {
      const row = await customerOrFail(id);
      const offset = (page - 1) * CUSTOMER_ORDERS_PER_PAGE;
      const [spent, orders] = await Promise.all([
        customers.totalSpent(id),
        customers.orders(id, CUSTOMER_ORDERS_PER_PAGE, offset),
      ]);
      return {
        customer: { ...toCustomer(row), total_spent: toRupees(spent) },
        orders: {
          data: orders.rows.map((order) => ({
            number: order.number,
            status: order.status,
            created_at: order.created_at,
            items: Number(order.items ?? 0),
            total: toRupees(Number(order.total)),
          })),
          meta: pageMeta(page, CUSTOMER_ORDERS_PER_PAGE, orders.rows.length, orders.total),
        },
      };
    },

    disable: (actor: Identity, id: number) => setDisabled(actor, id, true),
    enable: (actor: Identity, id: number) => setDisabled(actor, id, false),
  };
}

export type CustomersService = ReturnType<typeof customersService>;
