import { describe, expect, it } from "vitest";
import { isCommonPassword } from "./common-passwords.ts";

describe("common passwords", () => {
  it.each(["password", "12345678", "Password1", " qwerty123 ", "ILOVEYOU", "pakistan"])(
    "knows %j",
    (password) => {
      expect(isCommonPassword(password)).toBe(true);
    },
  );

  it.each(["correct horse", "lahore-kurta-blue-41", "a brand new secret"])("lets %j through", (password) => {
    expect(isCommonPassword(password)).toBe(false);
  });
});
