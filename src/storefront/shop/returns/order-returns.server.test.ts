import { describe, expect, it } from "vitest";
import { RETURN_MESSAGES } from "../../../shared/returns.ts";
import { type ApiResponse, fakeApi, ok, refused } from "../../testing/fake-api.ts";
import { requestReturnAction, returnLines } from "./order-returns.server.ts";

const NUMBER = "BT-261129-ABCDE";
const TOKEN = "guest-token-abcdefghijklmnopqrstuvwxyz0123456";
const URL_OF_PAGE = new URL(`http://shop.test/order-returns?order=${NUMBER}&token=${TOKEN}`);

/** The form as the page posts it: item 1 returned twice for item 11, item 2 left at 0, and the photo field. */
function form(overrides: Record<string, string> = {}) {
  const body = new FormData();
  const fields = {
    quantity_1: "2",
    exchange_1: "11",
    quantity_2: "0",
    exchange_2: "",
    reason: "wrong_size",
    reason_text: "",
    resolution: "exchange",
    ...overrides,
  };
  for (const [name, value] of Object.entries(fields)) body.append(name, value);
  body.append("photos", new File([], ""));
  return body;
}

/**
 * Posts `body` to the action; the API client answers `answer` and keeps what it was given. (jsdom's File cannot
 * travel in Node's FormData, so the photos' way to the API is for e2e, which sends a real one.)
 */
function post(answer: ApiResponse, body = form()) {
  const { api } = fakeApi({});
  let given: { body: Record<string, unknown> } | undefined;
  api.call = (async (_id: string, input: typeof given) => {
    given = input;
    return answer;
  }) as unknown as typeof api.call;
  return { sent: () => given?.body ?? {}, result: requestReturnAction(api, URL_OF_PAGE, body) };
}

describe("returnLines", () => {
  const values = { reason: "other", reason_text: "", resolution: "exchange" };
  it("takes every item with a quantity, with its exchange only for an exchange", () => {
    const items = { quantity_1: "2", exchange_1: "11", quantity_2: "0", quantity_3: "1", exchange_3: "" };
    expect(returnLines({ ...values, items })).toEqual([
      { order_item_id: 1, quantity: 2, exchange_variant_id: 11 },
      { order_item_id: 3, quantity: 1 },
    ]);
    expect(returnLines({ ...values, resolution: "credit", items })).toEqual([
      { order_item_id: 1, quantity: 2 },
      { order_item_id: 3, quantity: 1 },
    ]);
  });

  it("ignores quantities that are not whole numbers of at least 1", () => {
    expect(
      returnLines({ ...values, items: { quantity_1: "x", quantity_2: "-1", quantity_3: "1.5" } }),
    ).toEqual([]);
  });
});

describe("asking for a return", () => {
  it("sends the items as JSON text, the reason and the guest's token; then shows the page with the return", async () => {
    const { result, sent } = post(
      ok({ number: "RT-000007" }, 201),
      form({ reason: "other", reason_text: "Loose" }),
    );
    const answer = (await result) as Response;
    expect(answer.status).toBe(302);
    expect(answer.headers.get("location")).toBe(
      `/order-returns?order=${NUMBER}&token=${TOKEN}&requested=RT-000007`,
    );
    expect(sent()).toEqual({
      token: TOKEN,
      items: '[{"order_item_id":1,"quantity":2,"exchange_variant_id":11}]',
      reason: "other",
      reason_text: "Loose",
      resolution: "exchange",
      // The empty file field is left out.
      photos: [],
    });
  });

  /** The action's refused answer: its status and what the form shows. */
  async function refusedWith(answer: ApiResponse) {
    const { result } = post(answer);
    const { init, data } = (await result) as unknown as { init: { status: number }; data: any };
    return { status: init.status, ...data };
  }

  it("puts a 422's errors at their fields (an item's under the items) and keeps the choices", async () => {
    const shown = await refusedWith(
      refused(422, {
        message: "The given data was invalid.",
        errors: {
          "items.0.exchange_variant_id": [RETURN_MESSAGES.exchangeMissing("Khussa")],
          reason_text: [RETURN_MESSAGES.reasonText],
        },
      }),
    );
    expect(shown.status).toBe(422);
    expect(shown.message).toBe("");
    expect(shown.errors).toEqual({
      items: RETURN_MESSAGES.exchangeMissing("Khussa"),
      reason_text: RETURN_MESSAGES.reasonText,
    });
    expect(shown.values).toEqual({
      items: { quantity_1: "2", exchange_1: "11", quantity_2: "0", exchange_2: "" },
      reason: "wrong_size",
      reason_text: "",
      resolution: "exchange",
    });
  });

  it("says a 409's sentence above the form, a 413's at the photos, and a 5xx's in its own words", async () => {
    const conflict = await refusedWith(refused(409, { message: RETURN_MESSAGES.tooMany("Khussa", 0) }));
    expect(conflict).toMatchObject({
      status: 409,
      message: RETURN_MESSAGES.tooMany("Khussa", 0),
      errors: {},
    });
    const large = await refusedWith(refused(413, { message: "The request is too large." }));
    expect(large).toMatchObject({
      status: 413,
      message: "",
      errors: { photos: "The request is too large." },
    });
    const down = await refusedWith(refused(502, "<html>Bad Gateway</html>"));
    expect(down.status).toBe(502);
    expect(down.message).toMatch(/could not be sent/);
  });
});
