// Adds up the Vitest and Playwright JSON reports and prints "N passed, N failed[, N skipped]".
// Exits 1 when anything failed or a report is missing (a suite that did not run counts as failed).
import fs from "node:fs";

let passed = 0;
let failed = 0;
let skipped = 0;

for (const file of process.argv.slice(2)) {
  if (!fs.existsSync(file)) {
    console.log(`${file}: missing (the suite did not run)`);
    failed += 1;
    continue;
  }
  const report = JSON.parse(fs.readFileSync(file, "utf8"));
  if ("numPassedTests" in report) {
    // Vitest's JSON reporter (Jest-compatible)
    passed += report.numPassedTests;
    // A file that failed to load, or whose beforeAll failed (its tests then count as skipped), has no failed test
    // of its own; count it once.
    const brokenFiles = (report.testResults ?? []).filter(
      (file: { status: string; assertionResults: { status: string }[] }) =>
        file.status === "failed" && !file.assertionResults.some((test) => test.status === "failed"),
    ).length;
    failed += report.numFailedTests + brokenFiles;
    skipped += report.numPendingTests + (report.numTodoTests ?? 0);
    console.log(
      `${file}: ${report.numPassedTests} passed, ${report.numFailedTests + brokenFiles} failed, ${report.numPendingTests} skipped`,
    );
  } else if (report.stats) {
    // Playwright's JSON reporter
    const { expected = 0, unexpected = 0, flaky = 0, skipped: skip = 0 } = report.stats;
    passed += expected + flaky;
    failed += unexpected + (report.errors?.length ?? 0);
    skipped += skip;
    console.log(`${file}: ${expected + flaky} passed, ${unexpected} failed, ${skip} skipped`);
  } else if (typeof report.passed === "number" && typeof report.failed === "number") {
    // A suite that counts for itself (e2e-prod/run.ts: the production shape's journeys and load checks)
    passed += report.passed;
    failed += report.failed;
    skipped += report.skipped ?? 0;
    const why = report.reason ? ` (${report.reason})` : "";
    console.log(
      `${file}: ${report.passed} passed, ${report.failed} failed, ${report.skipped ?? 0} skipped${why}`,
    );
  } else {
    console.log(`${file}: unrecognised report`);
    failed += 1;
  }
}

console.log(`${passed} passed, ${failed} failed${skipped > 0 ? `, ${skipped} skipped` : ""}`);
process.exit(failed > 0 ? 1 : 0);
