import { describe, expect, it } from "vitest";
import { isDatabaseUnavailable, isRetryableTransactionError } from "./errors.ts";

const failure = (code: string, message = "failed") => Object.assign(new Error(message), { code });

describe("database errors", () => {
  it("calls timeouts, lost or refused connections, lasting deadlocks and a busy SQLite 'unavailable'", () => {
    for (const code of [
      "55P03",
      "57014",
      "25P03",
      "57P01",
      "08006",
      "40P01",
      "ECONNREFUSED",
      "SQLITE_BUSY",
    ]) {
      expect(isDatabaseUnavailable(failure(code)), code).toBe(true);
    }
    expect(isDatabaseUnavailable(new Error("Connection terminated unexpectedly"))).toBe(true);
    expect(isDatabaseUnavailable(new Error("timeout exceeded when trying to connect"))).toBe(true);
    expect(isDatabaseUnavailable(new Error("wrapped", { cause: failure("57P01") }))).toBe(true);
  });

  it("leaves bugs and refusals alone: they stay 500s or the service's own answers", () => {
    for (const code of ["23505", "23503", "42P01", "22003", "SQLITE_CONSTRAINT_UNIQUE"]) {
      expect(isDatabaseUnavailable(failure(code)), code).toBe(false);
    }
    expect(isDatabaseUnavailable(new TypeError("cannot read properties of undefined"))).toBe(false);
    expect(isDatabaseUnavailable("Connection terminated")).toBe(false);
  });

  it("retries deadlocks and serialization failures only", () => {
    expect(isRetryableTransactionError(failure("40P01"))).toBe(true);
    expect(isRetryableTransactionError(failure("40001"))).toBe(true);
    expect(isRetryableTransactionError(failure("55P03"))).toBe(false);
    expect(isRetryableTransactionError(null)).toBe(false);
  });
});
