import { data } from "react-router";
import type { ApiClient } from "../../lib/api.server.ts";
import { failureStatus, firstErrors, formText } from "../../ui/forms/api-errors.ts";
import { SOMETHING_WENT_WRONG } from "../../ui/forms/submission.ts";
import { STOCK_ALERT_INTENT, type StockAlertResult } from "./stock-alert-form.tsx";

/**
 * "Notify me when it's back" from the product page: asks the API (`createStockAlert`) and answers its sentence,
 * a refusal with its field's message (the address is invalid, the size is in stock after all, too many tries),
 * with the address as sent so the form keeps it.
 */
export async function requestStockAlert(api: ApiClient, form: FormData) {
  const email = formText(form, "email");
  const phone = formText(form, "phone");
  const response = await api.call("createStockAlert", {
    body: { variation_id: formText(form, "variation_id"), email, phone },
  });
  if (response.ok) {
    return {
      intent: STOCK_ALERT_INTENT,
      ok: true,
      message: response.data.message,
      email,
      phone,
    } satisfies StockAlertResult;
  }
  const result: StockAlertResult = {
    intent: STOCK_ALERT_INTENT,
    ok: false,
    message:
      Object.values(firstErrors(response.data.errors))[0] ?? (response.data.message || SOMETHING_WENT_WRONG),
    email,
    phone,
  };
  return data(result, { status: failureStatus(response.status) });
}
