import { useEffect, useState } from "react";
import type { SaleCountdown as Sale } from "../../shared/contracts/catalogue.ts";

/** How long is left, in the largest two units that matter: "2 days 4 hours", "3 hours 12 minutes", "5 minutes". */
export function timeLeft(endsAt: string, now: number): string | null {
  const minutes = Math.floor((Date.parse(endsAt) - now) / 60_000);
  if (Number.isNaN(minutes) || Date.parse(endsAt) <= now) return null;
  if (minutes < 1) return "less than a minute";
  const unit = (count: number, name: string) => `${count} ${name}${count === 1 ? "" : "s"}`;
  const days = Math.floor(minutes / 1440);
  const hours = Math.floor((minutes % 1440) / 60);
  const rest = minutes % 60;
  if (days > 0) return hours > 0 ? `${unit(days, "day")} ${unit(hours, "hour")}` : unit(days, "day");
  if (hours > 0) return rest > 0 ? `${unit(hours, "hour")} ${unit(rest, "minute")}` : unit(hours, "hour");
  return unit(rest, "minute");
}

/**
 * The countdown line of a running sale whose owner asked for one (docs/decisions/0049-sale-extras.md): "Eid Sale
 * ends in 2 days 4 hours". The server renders it with its time; in the browser it counts down each half minute
 * and goes away at the end (the prices follow with the campaign clock, within its interval).
 */
export function SaleCountdown({ sale, className }: { sale: Sale | null | undefined; className?: string }) {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!sale) return;
    setNow(Date.now());
    const timer = setInterval(() => setNow(Date.now()), 30_000);
    return () => clearInterval(timer);
  }, [sale]);
  if (!sale) return null;
  const left = timeLeft(sale.ends_at, now);
  if (!left) return null;
  return (
    <p className={`sale-countdown ${className ?? ""}`.trim()} data-testid="sale-countdown">
      <strong className="sale-countdown__name">{sale.name}</strong>{" "}
      <span>
        ends in <time dateTime={sale.ends_at}>{left}</time>
      </span>
    </p>
  );
}
