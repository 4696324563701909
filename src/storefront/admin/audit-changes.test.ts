import { describe, expect, it } from "vitest";
import { auditActionLabel, auditChanges, auditRecordHref } from "./audit-changes.ts";

describe("what an audit entry changed", () => {
  it("lists only the fields whose values differ, before and after", () => {
    expect(
      auditChanges(
        { email: "a@example.pk", role: "customer", disabled_at: null },
        { email: "a@example.pk", role: "staff", disabled_at: "2026-01-01T00:00:00.000Z" },
      ),
    ).toEqual([
      { field: "role", before: "customer", after: "staff" },
      // Times are shown as Pakistan's clock shows them.
      { field: "disabled_at", before: "—", after: "1 Jan 2026, 05:00" },
    ]);
  });

  it("shows a creation as nothing before, and a removal as nothing after", () => {
    expect(auditChanges(null, { status: "draft" })).toEqual([
      { field: "status", before: "—", after: "draft" },
    ]);
    expect(auditChanges({ stock: 3 }, null)).toEqual([{ field: "stock", before: "3", after: "—" }]);
  });

  it("shows values that are not records whole, and nested values as JSON", () => {
    expect(auditChanges(5, 7)).toEqual([{ field: "", before: "5", after: "7" }]);
    expect(auditChanges({ tags: [1] }, { tags: [1, 2] })).toEqual([
      { field: "tags", before: "[1]", after: "[1,2]" },
    ]);
    expect(auditChanges({ title: "" }, { title: "Tote" })).toEqual([
      { field: "title", before: "(empty)", after: "Tote" },
    ]);
  });

  it("names known actions in words and links records to their pages or the log's filter", () => {
    expect(auditActionLabel("customer.disable")).toBe("Disabled the account");
    expect(auditActionLabel("thing.frobnicate")).toBe("thing.frobnicate");
    expect(auditRecordHref("order", "BT-1/2")).toBe("/admin/orders/BT-1%2F2");
    expect(auditRecordHref("user", "12")).toBe("/admin/audit?entity_type=user&entity_id=12");
  });
});
