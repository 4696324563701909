import type { AdminReturnAction } from "../../../shared/contracts/returns.ts";
import type { ReturnCondition, ReturnMethod } from "../../../shared/returns.ts";
import { formText } from "../../ui/forms/api-errors.ts";

/** The receive form names each item's condition `condition-<return item id>`. */
export const CONDITION_PREFIX = "condition-";

/**
 * The step's body as the API takes it, from its form. A pickup's courier only for a pickup, the typed consignment
 * number and tracking page only for own delivery (hidden fields still post without JavaScript).
 */
export function actionBody(intent: string, form: FormData): AdminReturnAction | null {
  const note = formText(form, "note").trim();
  const text = (name: string) => formText(form, name).trim();
  switch (intent) {
    case "approve": {
      const method = text("method") as ReturnMethod;
      const pickup = method === "pickup";
      const own = pickup && text("courier") === "own";
      return {
        action: "approve",
        method,
        courier: pickup ? text("courier") : "",
        consignment_number: own ? text("consignment_number") : "",
        tracking_url: own ? text("tracking_url") : "",
        note,
      };
    }
    case "reject":
      return { action: "reject", note };
    case "in_transit":
      return { action: "in_transit", consignment_number: text("consignment_number"), note };
    case "receive":
      return {
        action: "receive",
        items: [...form.keys()]
          .filter((name) => name.startsWith(CONDITION_PREFIX))
          .map((name) => ({
            id: Number(name.slice(CONDITION_PREFIX.length)),
            condition: text(name) as ReturnCondition,
          })),
        note,
      };
    case "settle":
      return { action: "settle", reference: text("reference"), note };
    default:
      return null;
  }
}
