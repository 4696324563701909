import { describe, expect, it } from "vitest";
import { returnStatusName } from "../../../shared/returns.ts";
import { actionBody } from "./return-action-body.ts";
import { monthName, percent, returnFilterOf } from "./return-labels.ts";

const form = (fields: [string, string][]) => {
  const data = new FormData();
  for (const [name, value] of fields) data.append(name, value);
  return data;
};

/** The return page's forms become the API's bodies: only the fields each step (and each way back) uses. */
describe("a return step's body", () => {
  it("sends a courier only for a pickup, and the typed consignment only for own delivery", () => {
    const typed: [string, string][] = [
      ["courier", "own"],
      ["consignment_number", " OWN-1 "],
      ["tracking_url", "https://track.example/OWN-1"],
      ["note", " Pack it well. "],
    ];
    expect(actionBody("approve", form([["method", "drop_off"], ...typed]))).toEqual({
      action: "approve",
      method: "drop_off",
      courier: "",
      consignment_number: "",
      tracking_url: "",
      note: "Pack it well.",
    });
    expect(actionBody("approve", form([["method", "pickup"], ...typed]))).toMatchObject({
      courier: "own",
      consignment_number: "OWN-1",
      tracking_url: "https://track.example/OWN-1",
    });
    expect(
      actionBody("approve", form([["method", "pickup"], ["courier", "leopards"], ...typed.slice(1)])),
    ).toMatchObject({ courier: "leopards", consignment_number: "", tracking_url: "" });
  });

  it("names each received item by its id with its condition", () => {
    expect(
      actionBody(
        "receive",
        form([
          ["intent", "receive"],
          ["condition-7", "restock"],
          ["condition-8", "write_off"],
          ["note", ""],
        ]),
      ),
    ).toEqual({
      action: "receive",
      items: [
        { id: 7, condition: "restock" },
        { id: 8, condition: "write_off" },
      ],
      note: "",
    });
  });

  it("passes a rejection's note, a settlement's reference and an unknown step as nothing", () => {
    expect(actionBody("reject", form([["note", "Worn and washed."]]))).toEqual({
      action: "reject",
      note: "Worn and washed.",
    });
    expect(actionBody("settle", form([["reference", "IBFT 5521"]]))).toEqual({
      action: "settle",
      reference: "IBFT 5521",
      note: "",
    });
    expect(actionBody("in_transit", form([]))).toEqual({
      action: "in_transit",
      consignment_number: "",
      note: "",
    });
    expect(actionBody("delete", form([]))).toBeNull();
  });
});

describe("the returns screens' words", () => {
  it("names a closed return by how it ended, and a tab by its filter", () => {
    expect(returnStatusName("closed", "credited")).toBe("Closed: Store credit given");
    expect(returnStatusName("in_transit", null)).toBe("In transit");
    expect(returnFilterOf("new")).toBe("new");
    expect(returnFilterOf("requested")).toBe("");
  });

  it("writes rates and months for the report", () => {
    expect(percent(0.125)).toBe("12.5%");
    expect(percent(1)).toBe("100%");
    expect(monthName("2026-05")).toBe("May 2026");
  });
});
