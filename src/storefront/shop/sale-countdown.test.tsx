import { act, cleanup, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { SaleCountdown, timeLeft } from "./sale-countdown.tsx";

const NOW = Date.parse("2026-12-01T10:00:00.000Z");
const later = (minutes: number) => new Date(NOW + minutes * 60_000).toISOString();

describe("a sale's countdown line", () => {
  afterEach(() => {
    cleanup();
    vi.useRealTimers();
  });

  it("says what is left in the two largest units that matter", () => {
    expect(timeLeft(later(2 * 1440 + 4 * 60 + 30), NOW)).toBe("2 days 4 hours");
    expect(timeLeft(later(1440), NOW)).toBe("1 day");
    expect(timeLeft(later(3 * 60 + 1), NOW)).toBe("3 hours 1 minute");
    expect(timeLeft(later(60), NOW)).toBe("1 hour");
    expect(timeLeft(later(5), NOW)).toBe("5 minutes");
    expect(timeLeft(later(0.5), NOW)).toBe("less than a minute");
    expect(timeLeft(later(0), NOW)).toBeNull();
    expect(timeLeft(later(-5), NOW)).toBeNull();
    expect(timeLeft("not a time", NOW)).toBeNull();
  });

  it("names the sale, counts down, and goes away when it ends", () => {
    vi.useFakeTimers({ now: NOW });
    render(<SaleCountdown sale={{ name: "Eid Sale", ends_at: later(90) }} />);
    expect(screen.getByTestId("sale-countdown").textContent).toBe("Eid Sale ends in 1 hour 30 minutes");
    act(() => vi.advanceTimersByTime(60 * 60_000));
    expect(screen.getByTestId("sale-countdown").textContent).toBe("Eid Sale ends in 30 minutes");
    act(() => vi.advanceTimersByTime(31 * 60_000));
    expect(screen.queryByTestId("sale-countdown")).toBeNull();
  });

  it("shows nothing without a sale", () => {
    render(<SaleCountdown sale={null} />);
    expect(screen.queryByTestId("sale-countdown")).toBeNull();
  });
});
