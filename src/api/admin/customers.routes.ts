import { Hono } from "hono";
import { idField } from "../../shared/contracts/fields.ts";
import { operations } from "../../shared/contracts/operations.ts";
import type { ApiEnv } from "../api-env.ts";
import { route } from "../contract/route.ts";
import { NotFound } from "../errors.ts";
import { confirmPassword } from "./admin-auth.ts";
import { CUSTOMER_NOT_FOUND, type CustomersService } from "./customers.service.ts";

const customerId = idField("customer id");

/** A path's customer id; anything that is not one is simply not found. */
function idOf(raw: string): number {
  const parsed = customerId.safeParse(raw);
  if (!parsed.success) throw new NotFound(CUSTOMER_NOT_FOUND);
  return parsed.data;
}

/** /api/admin/customers: staff and owners (checked by route() from the contract). */
export function customersRoutes(customers: CustomersService): Hono<ApiEnv> {
  const routes = new Hono<ApiEnv>();

  route(routes, operations.adminCustomers, (_c, { query }) =>
    customers.list({ search: query.search, status: query.status, tag: query.tag }, query.page),
  );
  route(routes, operations.adminExportCustomers, async (c, { query }) => {
    c.header(
      "Content-Disposition",
      `attachment; filename="customers-${new Date().toISOString().slice(0, 10)}.csv"`,
    );
    return customers.exportCsv({ search: query.search, status: query.status, tag: query.tag });
  });
  route(routes, operations.adminCustomer, (_c, { params, query }) =>
    customers.detail(idOf(params.id), query.page),
  );
  route(routes, operations.adminUpdateCustomerNotes, (_c, { actor, params, body }) =>
    customers.updateNotes(actor, idOf(params.id), body),
  );
  route(routes, operations.adminDisableCustomer, async (c, { actor, params, body }) => {
    const id = idOf(params.id);
    await confirmPassword(c, actor, body.current_password);
    return customers.disable(actor, id);
  });
  route(routes, operations.adminEnableCustomer, async (c, { actor, params, body }) => {
    const id = idOf(params.id);
    await confirmPassword(c, actor, body.current_password);
    return customers.enable(actor, id);
  });

  return routes;
}
