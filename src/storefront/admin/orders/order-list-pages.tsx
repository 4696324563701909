import type { AdminOrderList } from "../../../shared/contracts/admin-orders.ts";
import { PageSteps, pageSteps } from "../../ui/pagination.tsx";

/** Previous and next pages of an order list, keeping its filters; "Page 2 of 40" beside them. */
export function OrderListPages({
  label,
  meta,
  hrefFor,
}: {
  label: string;
  meta: AdminOrderList["meta"];
  hrefFor: (page: number) => string;
}) {
  if (meta.last_page <= 1 && meta.current_page <= 1) return null;
  // Past the counted pages (more than the count's limit match) there may be more: offer the next one.
  const more = meta.total_capped && meta.to > 0;
  return (
    <PageSteps
      label={label}
      summary={
        <>
          Showing {meta.from.toLocaleString("en-US")}–{meta.to.toLocaleString("en-US")} · Page{" "}
          {meta.current_page.toLocaleString("en-US")} of{" "}
          {meta.total_capped ? "many" : meta.last_page.toLocaleString("en-US")}
        </>
      }
      steps={pageSteps(meta.current_page, meta.last_page, { more })}
      hrefFor={hrefFor}
    />
  );
}
