import { formText } from "../../ui/forms/api-errors.ts";
import { submissionMessage, submitOrFail } from "../../ui/forms/submission.ts";
import { type PostFailure, postFormValues } from "./post-values.ts";

/**
 * The post pages' `clientAction`: the server's answer, or, when none came (offline, a timeout), the form back with
 * what was typed and the spec's connection message.
 */
export function postClientAction<Result>({
  request,
  serverAction,
}: {
  request: Request;
  serverAction: () => Promise<Result>;
}) {
  return submitOrFail(
    request,
    serverAction,
    (failure, form): PostFailure => ({
      intent: formText(form, "intent"),
      message: submissionMessage(failure, "The post was not saved. Please try again."),
      errors: {},
      values: postFormValues(form),
    }),
  );
}
