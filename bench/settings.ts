// What a bench run measures and how long: the full and quick settings and the command-line flags.
import type { LoadSettings } from "./lib/load.ts";

export type Phase = "api" | "checkout" | "ssr" | "growth" | "pages" | "flash-sale";
export const PHASES: Phase[] = ["api", "checkout", "ssr", "growth", "pages", "flash-sale"];

export interface Settings {
  mode: "full" | "quick";
  api: LoadSettings;
  ssr: LoadSettings;
  growth: LoadSettings & { sizes: number[] };
  apiProducts: number;
  checkout: { carts: number; concurrency: number };
  /** The flash sale through the production shape (e2e-prod/flash-sale.ts); it needs PostgreSQL. */
  flashSale: { shoppers: number; units: number; inFlight: number; browsers: number };
  postgres: boolean;
  lighthouseRuns: number;
}

export const FULL: Settings = {
  mode: "full",
  api: { connections: 10, duration: 10, warmup: 2 },
  ssr: { connections: 10, duration: 10, warmup: 2 },
  growth: { connections: 1, duration: 6, warmup: 1, sizes: [1_000, 10_000, 100_000] },
  apiProducts: 10_000,
  checkout: { carts: 400, concurrency: 8 },
  flashSale: { shoppers: 2000, units: 100, inFlight: 200, browsers: 20 },
  postgres: true,
  lighthouseRuns: 3,
};

export const QUICK: Settings = {
  mode: "quick",
  api: { connections: 10, duration: 3, warmup: 1 },
  ssr: { connections: 10, duration: 3, warmup: 1 },
  growth: { connections: 1, duration: 2, warmup: 1, sizes: [1_000, 10_000] },
  apiProducts: 10_000,
  checkout: { carts: 100, concurrency: 8 },
  flashSale: { shoppers: 300, units: 30, inFlight: 25, browsers: 6 },
  postgres: false,
  lighthouseRuns: 0,
};

export function parseArgs(argv: string[]) {
  const flag = (name: string) => argv.includes(`--${name}`);
  const value = (name: string) => argv.find((arg) => arg.startsWith(`--${name}=`))?.split("=")[1];
  const settings = structuredClone(flag("quick") ? QUICK : FULL);
  if (flag("skip-postgres")) settings.postgres = false;
  if (flag("skip-lighthouse")) settings.lighthouseRuns = 0;
  const duration = value("duration");
  if (duration !== undefined) {
    for (const load of [settings.api, settings.ssr, settings.growth]) load.duration = Number(duration);
  }
  // The flash sale's size: `--shoppers=300 --units=30 --in-flight=50 --browsers=6` (whole numbers above 0).
  for (const [name, key] of [
    ["shoppers", "shoppers"],
    ["units", "units"],
    ["in-flight", "inFlight"],
    ["browsers", "browsers"],
  ] as const) {
    const given = Number(value(name));
    if (Number.isInteger(given) && given > 0) settings.flashSale[key] = given;
  }
  const runs = value("lighthouse-runs");
  if (runs !== undefined) settings.lighthouseRuns = Number(runs);
  const only = value("only");
  const phases = only
    ? (only.split(",").filter((name) => PHASES.includes(name as Phase)) as Phase[])
    : PHASES;
  const pages = value("pages")?.split(",");
  return { settings, phases: new Set(phases), rebuild: flag("rebuild"), write: !flag("no-write"), pages };
}
