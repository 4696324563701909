import { data } from "react-router";
import { MAX_PAGE } from "../../shared/contracts/fields.ts";
import type { OperationId } from "../../shared/contracts/operations.ts";
import type { ApiResult } from "../lib/api.server.ts";

/**
 * A back-office loader's data: the API's answer, or the API's failure thrown with its own status and message
 * (a 404 for a record that is not there, a 503 when the API cannot answer), shown by the admin layout's error page.
 */
export function answerOrThrow<Id extends OperationId>(answer: ApiResult<Id>) {
  if (answer.ok) return answer.data;
  throw data(
    { message: answer.data.message || "The back office could not load this page. Please try again." },
    { status: answer.status },
  );
}

/** A `page` query parameter as the API takes it: a whole number from 1; anything else is the first page. */
export function pageParam(url: URL): number {
  const page = Number.parseInt(url.searchParams.get("page") ?? "1", 10);
  return Number.isSafeInteger(page) && page > 0 ? Math.min(page, MAX_PAGE) : 1;
}
