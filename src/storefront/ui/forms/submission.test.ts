import { UNSAFE_ErrorResponseImpl as ErrorResponse, redirect } from "react-router";
import { describe, expect, it } from "vitest";
import { reloadAfterSubmission, type SubmissionFailure, submitOrFail } from "./submission.ts";

function post(fields: Record<string, string>) {
  return new Request("http://shop.test/cart", { method: "POST", body: new URLSearchParams(fields) });
}

const describeFailure = (failure: SubmissionFailure, form: FormData) => ({
  ...failure,
  intent: form.get("intent"),
});

describe("submitOrFail", () => {
  it("passes the server's answer and its redirects through", async () => {
    await expect(submitOrFail(post({}), async () => ({ ok: true }), describeFailure)).resolves.toEqual({
      ok: true,
    });
    const going = redirect("/order-success");
    await expect(submitOrFail(post({}), async () => Promise.reject(going), describeFailure)).rejects.toBe(
      going,
    );
  });

  it("turns no answer at all into a failure the page shows, built from the form as sent", async () => {
    const result = await submitOrFail(
      post({ intent: "update" }),
      async () => Promise.reject(new TypeError("Failed to fetch")),
      describeFailure,
    );
    expect(result).toMatchObject({
      data: { noResponse: true, message: "", intent: "update" },
      init: { status: 503 },
    });
  });

  it("turns an answer that is not the shop's (a proxy's error page) into a failure with no message", async () => {
    const proxyPage = new ErrorResponse(500, "Internal Server Error", "<h1>500</h1>");
    const result = await submitOrFail(
      post({ intent: "remove" }),
      async () => Promise.reject(proxyPage),
      describeFailure,
    );
    expect(result).toMatchObject({ data: { noResponse: false, message: "" }, init: { status: 502 } });

    const withMessage = new ErrorResponse(503, "", { message: "Try again in a moment." });
    const answered = await submitOrFail(post({}), async () => Promise.reject(withMessage), describeFailure);
    expect(answered).toMatchObject({ data: { noResponse: false, message: "Try again in a moment." } });
  });
});

describe("reloadAfterSubmission", () => {
  const args = (formMethod: string | undefined, actionStatus: number | undefined) =>
    ({ formMethod, actionStatus, defaultShouldRevalidate: false }) as never;

  it("reloads after a submission the server answered, refusals included, but not after a 5xx", () => {
    expect(reloadAfterSubmission(args("POST", undefined))).toBe(true);
    expect(reloadAfterSubmission(args("POST", 200))).toBe(true);
    expect(reloadAfterSubmission(args("POST", 409))).toBe(true);
    expect(reloadAfterSubmission(args("POST", 503))).toBe(false);
    expect(reloadAfterSubmission(args("POST", 502))).toBe(false);
    expect(reloadAfterSubmission(args(undefined, undefined))).toBe(false);
  });
});
