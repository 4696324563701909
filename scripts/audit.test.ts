import { describe, expect, it } from "vitest";
import { judgeAudit } from "./audit.ts";

const report = (vulnerabilities: Record<string, unknown>) =>
  JSON.stringify({ vulnerabilities, metadata: {} });
const advisory = (name: string, severity: string, url = `https://github.com/advisories/GHSA-${name}`) => ({
  [name]: { name, severity, via: [{ url, title: "something" }], fixAvailable: true },
});

describe("the npm audit policy", () => {
  it("passes with no advisory, and with moderate and low ones (printed)", () => {
    expect(judgeAudit(report({}), [], "2026-11-28").outcome).toBe("passed");
    const verdict = judgeAudit(
      report({ ...advisory("a", "moderate"), ...advisory("b", "low") }),
      [],
      "2026-11-28",
    );
    expect(verdict.outcome).toBe("passed");
    expect(verdict.lines.filter((line) => line.startsWith("note"))).toHaveLength(2);
  });

  it("fails on a critical or high advisory", () => {
    for (const severity of ["critical", "high"]) {
      const verdict = judgeAudit(report(advisory("hono", severity)), [], "2026-11-28");
      expect(verdict.outcome).toBe("failed");
      expect(verdict.lines[0]).toBe(`FAIL ${severity} hono (https://github.com/advisories/GHSA-hono)`);
    }
  });

  it("lets a written exception through until its date, then fails again", () => {
    const exceptions = [
      {
        advisory: "https://github.com/advisories/GHSA-pg",
        reason: "only with a hostile server",
        until: "2026-12-10",
      },
    ];
    expect(judgeAudit(report(advisory("pg", "high")), exceptions, "2026-12-10").outcome).toBe("passed");
    expect(judgeAudit(report(advisory("pg", "high")), exceptions, "2026-12-11").outcome).toBe("failed");
  });

  it("says skipped, not passed, when the advisory service cannot be asked", () => {
    const unreachable = JSON.stringify({ message: "405 Method Not Allowed", statusCode: 405, error: {} });
    expect(judgeAudit(unreachable, [], "2026-11-28")).toEqual({
      outcome: "skipped",
      lines: ["npm audit: skipped, the advisory service could not be asked (405 Method Not Allowed)"],
    });
    expect(judgeAudit("<html>", [], "2026-11-28").outcome).toBe("skipped");
  });
});
