/**
 * Values no form would send (NUL bytes, ids past PostgreSQL's integer, floats, arrays, objects, `__proto__`, long
 * strings, bad percent-encoding, wrong content types, bodies that are not JSON), for the tests that feed them to
 * every operation and page and expect no 5xx (src/api/fuzz.test.ts and the back office's own).
 */

const LONG = "x".repeat(20_000);

/** Values as they arrive in a URL (already percent-encoded where they need to be). */
export const URL_VALUES = [
  "%00",
  "a%00b",
  "0",
  "-1",
  "1.5",
  "1e3",
  "0x10",
  "2147483647",
  "2147483648",
  "9007199254740993",
  "99999999999999999999999",
  "NaN",
  "Infinity",
  "__proto__",
  "constructor",
  "toString",
  "%E0%A4%A",
  "%",
  "%ZZ",
  "%C0%AF",
  "%F0%9F%99%82",
  "%EF%BF%BF",
  "%0A%0D",
  "%2F..%2F..",
  encodeURIComponent("' OR 1=1 --"),
  encodeURIComponent("<script>alert(1)</script>"),
  "x".repeat(5000),
];

/** A few of them, for query keys a page does not read. */
export const FEW = ["%00", "2147483648", "__proto__", "%E0%A4%A", "%", "x".repeat(5000)];

/** Values as a form field sends them (urlencoded). */
export const FORM_VALUES = ["%00", "a%00b", "2147483648", "-1", "1.5", "__proto__", "%E0%A4%A", LONG];

/** Values as they arrive in a JSON body. */
export const JSON_VALUES: unknown[] = [
  "\u0000",
  "a\u0000b",
  "",
  "   ",
  "0",
  "-1",
  "2147483648",
  "9007199254740993",
  "1e400",
  "0x10",
  "__proto__",
  "constructor",
  "\uD800",
  "🙂".repeat(300),
  LONG,
  0,
  -1,
  1.5,
  -0,
  2147483647,
  2147483648,
  2 ** 53 + 2,
  1e308,
  true,
  false,
  null,
  [],
  [1, 2],
  {},
  JSON.parse('{"__proto__":{"polluted":true}}'),
  { toString: "x" },
];

/** Whole bodies with the content type they are sent as. */
export const BODIES: { type: string | null; body: string }[] = [
  { type: "application/json", body: "" },
  { type: "application/json", body: "not json" },
  { type: "application/json", body: "{" },
  { type: "application/json", body: "[]" },
  { type: "application/json", body: "null" },
  { type: "application/json", body: '"text"' },
  { type: "application/json", body: "123" },
  { type: "application/json", body: '{"__proto__":{"polluted":true}}' },
  { type: "application/json", body: '{"constructor":{"prototype":{"polluted":true}}}' },
  { type: "application/json", body: "[".repeat(20_000) },
  { type: "application/json", body: "\u0000" },
  { type: "application/json; charset=latin1", body: '{"id":1}' },
  { type: "text/plain", body: '{"id":1}' },
  { type: "text/plain", body: "hello" },
  { type: "application/x-www-form-urlencoded", body: "id=1&quantity=%E0%A4%A&size=%00" },
  { type: "multipart/form-data", body: "--x\r\n" },
  { type: "multipart/form-data; boundary=x", body: "--x\r\nContent-Disposition: form-data\r\n\r\n" },
  { type: null, body: "" },
  { type: null, body: '{"id":1}' },
];
