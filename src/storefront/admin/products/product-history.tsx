import type { AuditEntry } from "../../../shared/contracts/admin-products.ts";

const ACTIONS: Record<string, string> = {
  "product.create": "Created",
  "product.update": "Changed",
  "product.archive": "Archived",
  "product.delete": "Deleted",
  "product.image.add": "Photo added",
  "product.image.update": "Photo changed",
  "product.image.reorder": "Photos reordered",
  "product.image.remove": "Photo removed",
};

/** "price: 1250 -> 1300" lines for what an entry changed (its before and after, one level deep). */
function changes(entry: AuditEntry): string[] {
  const before = (entry.before ?? {}) as Record<string, unknown>;
  const after = (entry.after ?? {}) as Record<string, unknown>;
  if (entry.action !== "product.update" && entry.action !== "product.archive") return [];
  const lines: string[] = [];
  for (const key of new Set([...Object.keys(before), ...Object.keys(after)])) {
    if (key === "variants") {
      const was = (before.variants ?? {}) as Record<string, unknown>;
      const now = (after.variants ?? {}) as Record<string, unknown>;
      for (const name of new Set([...Object.keys(was), ...Object.keys(now)])) {
        lines.push(`${name}: ${shown(was[name])} → ${shown(now[name])}`);
      }
    } else if (key === "description") {
      lines.push("description changed");
    } else {
      lines.push(`${key.replaceAll("_", " ")}: ${shown(before[key])} → ${shown(after[key])}`);
    }
  }
  return lines;
}

function shown(value: unknown): string {
  if (value === undefined || value === null) return "none";
  if (typeof value === "object" && "price" in value && "stock" in value) {
    const variant = value as { price: number; stock: number; sku: string | null };
    return `Rs. ${variant.price}, ${variant.stock} in stock${variant.sku ? `, ${variant.sku}` : ""}`;
  }
  return Array.isArray(value) ? value.join(", ") || "none" : String(value);
}

/** The product's latest changes from the audit log: who, when, what. */
export function ProductHistory({ entries }: { entries: AuditEntry[] }) {
  return (
    <section className="admin-card" aria-labelledby="product-history-title">
      <h2 className="admin-card__title" id="product-history-title">
        History
      </h2>
      {entries.length === 0 ? (
        <p className="admin-empty">No changes have been recorded yet.</p>
      ) : (
        <div className="admin-table-wrap">
          <table className="admin-table">
            <caption>The latest changes to this product, newest first</caption>
            <thead>
              <tr>
                <th scope="col">When (UTC)</th>
                <th scope="col">Who</th>
                <th scope="col">What</th>
              </tr>
            </thead>
            <tbody>
              {entries.map((entry) => (
                <tr key={entry.id}>
                  <td>
                    <time dateTime={entry.created_at}>{entry.created_at.slice(0, 16).replace("T", " ")}</time>
                  </td>
                  <td className="admin-wrap">{entry.actor_email}</td>
                  <td className="admin-wrap">
                    {ACTIONS[entry.action] ?? entry.action}
                    {changes(entry).length > 0 && (
                      <ul className="admin-history__changes">
                        {changes(entry).map((line) => (
                          <li key={line}>{line}</li>
                        ))}
                      </ul>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
