import { data, isRouteErrorResponse, type ShouldRevalidateFunctionArgs } from "react-router";

/** Spec section 8: what a form says when the browser gets no answer from the server. */
export const CONNECTION_FAILED = "Failed to connect to server. Please try again.";

/** Spec section 8: what a failure without a message of its own says (cart, Add To Cart). */
export const SOMETHING_WENT_WRONG = "Something went wrong";

/** A submission that did not get the shop's own answer. */
export interface SubmissionFailure {
  /** No answer at all: the network is down, the connection was refused or dropped. */
  noResponse: boolean;
  /** The server's own message, when its answer carried one (a proxy's error page does not). */
  message: string;
}

/** What a form says for a failed submission: the connection message, else the server's, else `fallback`. */
export function submissionMessage({ noResponse, message }: SubmissionFailure, fallback: string): string {
  return noResponse ? CONNECTION_FAILED : message || fallback;
}

/** The status a failure is recorded with, so React Router does not reload the page's data after it. */
const FAILED_STATUS = { noResponse: 503, otherwise: 502 } as const;

function messageOf(body: unknown): string {
  if (body && typeof body === "object" && "message" in body && typeof body.message === "string") {
    return body.message;
  }
  return "";
}

/**
 * Sends a form to the page's server action from the browser (the body of every `clientAction`). A redirect goes
 * on as usual. When no answer comes (the fetch itself fails) or the answer is not the shop's (a proxy's HTML
 * error page, something that cannot be decoded, an error the server threw), the page is kept and `failed`
 * builds what the form shows instead, from the form as it was sent, so nothing the shopper typed is lost.
 * Without this, React Router treats such a failure as the route's error and replaces the page.
 *
 * The failure is returned with a 5xx status: like a 5xx from the action itself, it means the page's data is
 * not reloaded afterwards (that reload would fail the same way and replace the page after all).
 */
export async function submitOrFail<Result, Failure>(
  request: Request,
  serverAction: () => Promise<Result>,
  failed: (failure: SubmissionFailure, form: FormData) => Failure,
) {
  // Read before sending: the action consumes the request's body.
  const form = await request.clone().formData();
  try {
    return await serverAction();
  } catch (error) {
    if (error instanceof Response) throw error;
    // fetch() rejects with a TypeError exactly when no response arrived.
    const noResponse = error instanceof TypeError;
    const message = isRouteErrorResponse(error) ? messageOf(error.data) : "";
    return data(failed({ noResponse, message }, form), {
      status: noResponse ? FAILED_STATUS.noResponse : FAILED_STATUS.otherwise,
    });
  }
}

/**
 * For routes that reload their data after every submission (so a refusal shows the server's truth): not after
 * a 5xx, when the server or the connection to it is failing and the reload would replace the page with an error.
 */
export function reloadAfterSubmission({
  formMethod,
  actionStatus,
  defaultShouldRevalidate,
}: ShouldRevalidateFunctionArgs): boolean {
  if (!formMethod || formMethod.toUpperCase() === "GET") return defaultShouldRevalidate;
  return actionStatus === undefined || actionStatus < 500;
}
