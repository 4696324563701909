import { describe, expect, it } from "vitest";
import { stockHints } from "./stock-hints.ts";

describe("stock hints", () => {
  it("remembers the last stock seen and tells listeners when it is new or goes down", () => {
    const hints = stockHints();
    const heard: [number, number][] = [];
    const stop = hints.onLower((variant, stock) => heard.push([variant, stock]));
    hints.saw(7, 5);
    hints.saw(7, 5);
    hints.saw(7, 9);
    hints.saw(7, 0);
    expect(hints.seen(7)).toBe(0);
    expect(hints.seen(8)).toBeUndefined();
    expect(heard).toEqual([
      [7, 5],
      [7, 0],
    ]);
    stop();
    hints.saw(7, 3);
    hints.saw(7, 1);
    expect(heard).toHaveLength(2);
  });
});
