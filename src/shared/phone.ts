/**
 * Pakistani phone numbers, the shop's key to a shopper (docs/decisions/0042-cod-orders-confirmed-and-tracked.md).
 * A number is typed as the shopper writes it ("0300 1234567", "+92 300-1234567") and kept so on the order; what the
 * shop compares, limits, blocks and searches by is its E.164 form, "+923001234567", which `toE164` gives. Every
 * rule about phone numbers lives here.
 *
 * Pakistan's national significant number (after the country code 92, or the trunk 0 at home) is:
 * - a mobile: 3, then nine digits (0300 1234567 → +923001234567);
 * - a landline: its area code (21 Karachi, 42 Lahore, 51 Islamabad, 22 Hyderabad, 995 Haripur…) and the
 *   subscriber's number, nine or ten digits in all, never starting with 0, 1 or 3 (042 35761234 → +924235761234).
 */

/** Said by the API (422) when a phone number is not a Pakistani one. */
export const PHONE_NOT_PAKISTANI =
  "Phone must be a Pakistani phone number, such as 0300 1234567 or +92 300 1234567.";

const SEPARATORS = /[\s\-().]/g;
const MOBILE = /^3\d{9}$/;
const LANDLINE = /^[245-9]\d{8,9}$/;

/** The national significant number of what was typed, or undefined when it is not written as a Pakistani number. */
function nationalNumber(phone: string): string | undefined {
  const compact = phone.trim().replace(SEPARATORS, "");
  if (!/^\+?\d+$/.test(compact)) return undefined;
  if (compact.startsWith("+")) return compact.startsWith("+92") ? compact.slice(3) : undefined;
  if (compact.startsWith("0092")) return compact.slice(4);
  if (compact.startsWith("0")) return compact.slice(1);
  // Written with the country code but no "+" (923001234567), or a mobile without its 0 (3001234567).
  if (compact.startsWith("92") && compact.length >= 11) return compact.slice(2);
  return compact;
}

/**
 * "+923001234567" for any way of writing a Pakistani mobile or landline number: with or without +92, 0092 or the
 * trunk 0, with spaces, dashes, dots or brackets. Undefined for anything else (another country's number, too few
 * or too many digits, letters).
 */
export function toE164(phone: string): string | undefined {
  const national = nationalNumber(phone);
  if (national === undefined) return undefined;
  return MOBILE.test(national) || LANDLINE.test(national) ? `+92${national}` : undefined;
}

/** "+92 300 1234567", "0300-1234567": what a search for a phone number may look like. */
const PHONE_LIKE = /^[\d\s+\-().]+$/;

/**
 * The E.164 prefix a stored order's number starts with when it matches a search for `text` ("0300 12" →
 * "+9230012", "92300" → "+92300", "300 1" → "+923001"). Undefined when `text` is not digits and separators, or
 * has fewer than three digits: it is not a search for a phone number.
 */
export function phoneSearchPrefix(text: string): string | undefined {
  const digits = text.replace(/\D/g, "");
  if (!PHONE_LIKE.test(text) || digits.length < 3) return undefined;
  if (digits.startsWith("0092")) return `+92${digits.slice(4)}`;
  if (digits.startsWith("92")) return `+${digits}`;
  if (digits.startsWith("0")) return `+92${digits.slice(1)}`;
  return `+92${digits}`;
}
