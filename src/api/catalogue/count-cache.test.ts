import { afterEach, describe, expect, it, vi } from "vitest";
import { catalogueChanged, countCache } from "./count-cache.ts";

describe("listing count cache", () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it("counts once per filter and shares a count in progress", async () => {
    const cache = countCache();
    const count = vi.fn(async () => 42);
    const [first, second] = await Promise.all([cache.get("a", count), cache.get("a", count)]);
    expect([first, second, await cache.get("a", count)]).toEqual([42, 42, 42]);
    expect(count).toHaveBeenCalledTimes(1);
    await cache.get("b", count);
    expect(count).toHaveBeenCalledTimes(2);
  });

  it("counts again after a catalogue write in this process", async () => {
    const cache = countCache();
    let total = 1;
    const count = async () => total;
    expect(await cache.get("a", count)).toBe(1);
    total = 2;
    catalogueChanged();
    expect(await cache.get("a", count)).toBe(2);
  });

  it("counts again once an entry has expired (writes by other processes)", async () => {
    vi.useFakeTimers();
    const cache = countCache();
    let total = 1;
    const count = async () => total;
    expect(await cache.get("a", count)).toBe(1);
    total = 2;
    vi.advanceTimersByTime(29_000);
    expect(await cache.get("a", count)).toBe(1);
    vi.advanceTimersByTime(2_000);
    expect(await cache.get("a", count)).toBe(2);
  });

  it("does not keep a failed count", async () => {
    const cache = countCache();
    await expect(cache.get("a", async () => Promise.reject(new Error("database down")))).rejects.toThrow();
    expect(await cache.get("a", async () => 7)).toBe(7);
  });
});
