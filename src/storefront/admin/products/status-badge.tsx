import { PRODUCT_STATUS_LABELS, type ProductStatus } from "../../../shared/product-status.ts";

const TONE: Record<ProductStatus, string> = {
  draft: "admin-badge--info",
  active: "admin-badge--success",
  archived: "",
};

/** A product's status as a badge: Draft, Active or Archived. */
export function StatusBadge({ status }: { status: ProductStatus }) {
  return <span className={`admin-badge ${TONE[status]}`.trim()}>{PRODUCT_STATUS_LABELS[status]}</span>;
}
