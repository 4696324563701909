import { isRouteErrorResponse } from "react-router";
import { describe, expect, it } from "vitest";
import { fakeApi, ok, refused } from "../../testing/fake-api.ts";
import { placedOrder } from "./orders.server.ts";

const NUMBER = "BT-261122-7KQ2M";
const TOKEN = "t".repeat(43);
const ORDER = { number: NUMBER, email: "ali@example.pk" };

async function statusOf(promise: Promise<unknown>): Promise<number> {
  try {
    await promise;
    return 200;
  } catch (error) {
    if (error instanceof Response) return error.status;
    if (isRouteErrorResponse(error)) return error.status;
    const init = (error as { init?: { status?: number } }).init;
    return init?.status ?? -1;
  }
}

describe("the order a confirmation page shows", () => {
  it("is the signed-in owner's, read through their account", async () => {
    const { api, calls } = fakeApi(
      { [`GET /orders/${NUMBER}`]: () => ok(ORDER) },
      "session-token-abcdefghijklmnop",
    );
    expect(await placedOrder(api, NUMBER)).toEqual(ORDER);
    expect(calls.map((call) => call.path)).toEqual([`/orders/${NUMBER}`]);
  });

  it("is a guest's through the access token this browser kept, sent in the body", async () => {
    const { api, calls } = fakeApi({ "POST /guest-order": () => ok(ORDER) });
    api.keepOrderAccess(NUMBER, TOKEN);
    expect(await placedOrder(api, NUMBER)).toEqual(ORDER);
    expect(calls).toEqual([
      {
        method: "POST",
        path: "/guest-order",
        body: { number: NUMBER, token: TOKEN },
        headers: expect.any(Headers),
      },
    ]);
  });

  it("is not found for a browser without the token, or when the API refuses it, with no call for the former", async () => {
    const none = fakeApi({});
    expect(await statusOf(placedOrder(none.api, NUMBER))).toBe(404);
    expect(none.calls).toEqual([]);

    const wrong = fakeApi({ "POST /guest-order": () => refused(404, { message: "Order not found." }) });
    wrong.api.keepOrderAccess(NUMBER, TOKEN);
    expect(await statusOf(placedOrder(wrong.api, NUMBER))).toBe(404);

    const someoneElses = fakeApi(
      { [`GET /orders/${NUMBER}`]: () => refused(404, { message: "Order not found." }) },
      "session-token-abcdefghijklmnop",
    );
    expect(await statusOf(placedOrder(someoneElses.api, NUMBER))).toBe(404);
  });

  it("is an error, not a 404, when the API cannot answer", async () => {
    const { api } = fakeApi({ "POST /guest-order": () => refused(503, { message: "Unavailable." }) });
    api.keepOrderAccess(NUMBER, TOKEN);
    expect(await statusOf(placedOrder(api, NUMBER))).toBe(503);
  });
});
