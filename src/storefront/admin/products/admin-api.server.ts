import { data } from "react-router";
import type { ApiError } from "../../../shared/contracts/operations.ts";

/**
 * A back-office loader's answer from the API, or the page's error: a 404 stays a 404 (the layout's error page
 * says so), anything else is a 503 with the API's message.
 */
export function answerOf<D>(
  result: { ok: true; status: number; data: D } | { ok: false; status: number; data: ApiError },
): D {
  if (result.ok) return result.data;
  const message = result.data.message || "The back office could not load this page.";
  throw data({ message }, { status: result.status === 404 ? 404 : 503 });
}
