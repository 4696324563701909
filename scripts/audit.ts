/**
 * `npm audit` of the packages the shop runs with (`--omit=dev`), judged by the policy in docs/security.md:
 * - a critical or high advisory fails the build, unless `audit-exceptions.json` names it with a reason and a date
 *   after which it fails again (never longer than 30 days: a fix or a replacement is due by then);
 * - moderate and low advisories are printed and do not fail (most need conditions the shop does not meet; they are
 *   reviewed when dependencies are updated);
 * - when the advisory service cannot be reached (no network, a registry mirror without the audit endpoint) the
 *   audit is reported as skipped, not passed.
 * Exit code 1 only for a failing advisory. Run: `node scripts/audit.ts`.
 */
import { spawnSync } from "node:child_process";
import fs from "node:fs";

export type Severity = "critical" | "high" | "moderate" | "low" | "info";

export interface AuditException {
  /** The advisory's URL (GitHub advisory) or the package name the advisory is about. */
  advisory: string;
  reason: string;
  /** YYYY-MM-DD: after this day the advisory fails the build again. */
  until: string;
}

export interface AuditVerdict {
  outcome: "passed" | "failed" | "skipped";
  lines: string[];
}

interface AuditReport {
  error?: { summary?: string; detail?: string };
  message?: string;
  statusCode?: number;
  vulnerabilities?: Record<
    string,
    {
      name: string;
      severity: Severity;
      via: ({ url?: string; title?: string } | string)[];
      fixAvailable?: unknown;
    }
  >;
}

const FAILING: ReadonlySet<Severity> = new Set(["critical", "high"]);

/** The verdict on `npm audit --json`'s output, given the exceptions in force `today` (YYYY-MM-DD). */
export function judgeAudit(
  output: string,
  exceptions: readonly AuditException[],
  today: string,
): AuditVerdict {
  let report: AuditReport;
  try {
    report = JSON.parse(output) as AuditReport;
  } catch {
    return { outcome: "skipped", lines: ["npm audit: skipped, its answer was not JSON"] };
  }
  if (report.error || report.statusCode || !report.vulnerabilities) {
    const why = report.message ?? report.error?.summary ?? "no report";
    return {
      outcome: "skipped",
      lines: [`npm audit: skipped, the advisory service could not be asked (${why})`],
    };
  }
  const lines: string[] = [];
  let failing = 0;
  for (const entry of Object.values(report.vulnerabilities)) {
    const urls = entry.via.flatMap((via) => (typeof via === "object" && via.url ? [via.url] : []));
    const excepted = exceptions.find(
      (exception) =>
        (exception.advisory === entry.name || urls.includes(exception.advisory)) && exception.until >= today,
    );
    const serious = FAILING.has(entry.severity);
    const label = `${entry.severity} ${entry.name}${urls.length > 0 ? ` (${urls.join(", ")})` : ""}`;
    if (serious && !excepted) {
      failing += 1;
      lines.push(`FAIL ${label}`);
    } else if (excepted) {
      lines.push(`excepted until ${excepted.until}: ${label}: ${excepted.reason}`);
    } else {
      lines.push(`note ${label}`);
    }
  }
  lines.push(
    failing > 0
      ? `npm audit: ${failing} critical or high advisor${failing === 1 ? "y" : "ies"} in the shop's packages`
      : "npm audit: no critical or high advisory in the shop's packages",
  );
  return { outcome: failing > 0 ? "failed" : "passed", lines };
}

function main() {
  const run = spawnSync("npm", ["audit", "--omit=dev", "--json"], { encoding: "utf8" });
  const exceptions: AuditException[] = fs.existsSync("audit-exceptions.json")
    ? (JSON.parse(fs.readFileSync("audit-exceptions.json", "utf8")) as AuditException[])
    : [];
  const verdict = judgeAudit(run.stdout || "", exceptions, new Date().toISOString().slice(0, 10));
  for (const line of verdict.lines) console.log(line);
  process.exitCode = verdict.outcome === "failed" ? 1 : 0;
}

if (import.meta.main) main();
