import pino from "pino";
import { describe, expect, it } from "vitest";
import { startStockAlertSweeper } from "./stock-alert-sweeper.ts";

describe("the back-in-stock sweeper", () => {
  it("sweeps when nudged, one sweep at a time, and once more for nudges that came while it ran", async () => {
    const releases: (() => void)[] = [];
    let sweeps = 0;
    const sweeper = startStockAlertSweeper({
      sweep: () => {
        sweeps += 1;
        return new Promise<number>((resolve) => releases.push(() => resolve(0)));
      },
      logger: pino({ level: "silent" }),
      intervalMs: 0,
    });
    sweeper.nudge();
    sweeper.nudge();
    sweeper.nudge();
    expect(sweeps).toBe(1);
    releases.shift()?.();
    await new Promise((resolve) => setImmediate(resolve));
    expect(sweeps).toBe(2);
    releases.shift()?.();
    await new Promise((resolve) => setImmediate(resolve));
    expect(sweeps).toBe(2);
    await sweeper.stop();
    sweeper.nudge();
    expect(sweeps).toBe(2);
  });

  it("logs a failed sweep and sweeps again at the next nudge", async () => {
    const warnings: string[] = [];
    let sweeps = 0;
    const sweeper = startStockAlertSweeper({
      sweep: async () => {
        sweeps += 1;
        if (sweeps === 1) throw new Error("database away");
        return 0;
      },
      logger: {
        info: () => {},
        warn: (_fields: unknown, message: string) => warnings.push(message),
      } as never,
      intervalMs: 0,
    });
    sweeper.nudge();
    await new Promise((resolve) => setImmediate(resolve));
    expect(warnings).toEqual(["back-in-stock sweep failed"]);
    sweeper.nudge();
    await sweeper.stop();
    expect(sweeps).toBe(2);
  });
});
