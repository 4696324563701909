/**
 * Phone numbers as the shop compares them (docs/decisions/0036-one-home-per-rule.md). A number is typed as the
 * shopper writes it ("0300 1234567", "+92 300-1234567") and stored so; what the shop compares is its digits,
 * with Pakistan's two ways of writing a number, 0300… at home and 92 300… with the country code, taken as one.
 * Every rule about it lives here, so that reading numbers as E.164 can be done in this one place.
 */

/**
 * One phone line however it is written: "0300 1234567", "+92 300 1234567" and "923001234567" are the same
 * line, so its last ten digits; text with no digits at all (only emptiness is checked) counts as typed.
 */
export function phoneKey(phone: string): string {
  const digits = phone.replace(/\D/g, "");
  return digits.length > 0 ? digits.slice(-10) : phone.trim().toLowerCase();
}

/** "+92 300 1234567", "0300-1234567": what a search for a phone number may look like. */
const PHONE_LIKE = /^[\d\s+\-().]+$/;

/**
 * The digits a stored phone number may start with to match a search for `text`: its digits as typed, and the
 * same number written the other way (0300… and 92300… are one). Undefined when `text` is not digits and
 * separators, or has fewer than three digits: it is not a search for a phone number.
 */
export function phoneSearchPrefixes(text: string): string[] | undefined {
  const digits = text.replace(/\D/g, "");
  if (!PHONE_LIKE.test(text) || digits.length < 3) return undefined;
  const prefixes = [digits];
  if (digits.startsWith("92")) prefixes.push(`0${digits.slice(2)}`);
  else if (digits.startsWith("0")) prefixes.push(`92${digits.slice(1)}`);
  return prefixes;
}

/**
 * A Pakistani number as E.164 ("+923001234567"), for texting it: 0300 1234567, +92 300 1234567, 92300…, 0092300…,
 * and landlines with their area code (042 12345678 → +924212345678). Undefined when it is not such a number.
 */
export function toE164(phone: string): string | undefined {
  const digits = phone.replace(/[\s\-().]/g, "");
  const national = /^(?:\+92|0092|92|0)([1-9]\d{8,9})$/.exec(digits)?.[1];
  return national ? `+92${national}` : undefined;
}
