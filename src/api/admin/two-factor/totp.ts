import { createCipheriv, createDecipheriv, hkdfSync, randomBytes, randomInt } from "node:crypto";
import { Secret, TOTP } from "otpauth";
import { renderSVG } from "uqr";
import { hashSecret } from "../../secrets.ts";

/**
 * The cryptography of two-factor sign-in, in one place: TOTP codes (RFC 6238 through `otpauth`: SHA-1, 6 digits,
 * 30-second steps, what every authenticator app takes), the key kept encrypted at rest, the QR code, and the
 * recovery codes (random, stored as SHA-256 only).
 */

const PERIOD = 30;
const DIGITS = 6;
/** A code of the step before or after now is accepted too: a phone's clock a little off, a slow typist. */
const WINDOW = 1;

/** A new TOTP key: 160 random bits (RFC 4226's recommended length), in base32 as apps take it. */
export function newTotpKey(): string {
  return new Secret({ size: 20 }).base32;
}

export function otpauthUri(key: string, issuer: string, account: string): string {
  return new TOTP({
    issuer,
    label: account,
    secret: Secret.fromBase32(key),
    digits: DIGITS,
    period: PERIOD,
  }).toString();
}

/** The QR code of an otpauth address, as an SVG document that scales to its box. */
export function qrSvg(uri: string): string {
  return renderSVG(uri, { ecc: "M", border: 2, pixelSize: 8 });
}

/**
 * The time step the code belongs to when it is right for `key` at `at` (within one step either side), else null.
 * The caller refuses a step already used.
 */
export function matchingStep(key: string, code: string, at: Date): number | null {
  if (!/^\d{6}$/.test(code)) return null;
  const timestamp = at.getTime();
  const delta = TOTP.validate({
    token: code,
    secret: Secret.fromBase32(key),
    digits: DIGITS,
    period: PERIOD,
    timestamp,
    window: WINDOW,
  });
  return delta === null ? null : TOTP.counter({ period: PERIOD, timestamp }) + delta;
}

/** The code an app shows for `key` at `at` (tests and the set-up's own checks). */
export function totpCode(key: string, at: Date = new Date()): string {
  return TOTP.generate({
    secret: Secret.fromBase32(key),
    digits: DIGITS,
    period: PERIOD,
    timestamp: at.getTime(),
  });
}

/** A code as typed, without spaces or dashes, lower case. */
export const normalizedCode = (code: string) => code.replace(/[\s-]/g, "").toLowerCase();

/** No 0/o, 1/l/i: easy to copy from paper. 31 symbols, 10 of them: about 49.5 bits per code. */
const RECOVERY_ALPHABET = "23456789abcdefghjkmnpqrstuvwxyz";
export const RECOVERY_CODE_COUNT = 10;

/** Ten recovery codes as shown ("abcde-fghij"), each once. */
export function newRecoveryCodes(): string[] {
  return Array.from({ length: RECOVERY_CODE_COUNT }, () => {
    const chars = Array.from({ length: 10 }, () => RECOVERY_ALPHABET[randomInt(RECOVERY_ALPHABET.length)]);
    return `${chars.slice(0, 5).join("")}-${chars.slice(5).join("")}`;
  });
}

/** What is stored of a recovery code: the SHA-256 of it as normalised. */
export const recoveryCodeHash = (code: string) => hashSecret(normalizedCode(code));

/**
 * The TOTP key at rest: AES-256-GCM under a key derived (HKDF) from SESSION_SECRET, with the account's id as
 * associated data, so a key copied onto another account's row does not decrypt. "v1.<iv>.<ciphertext+tag>".
 */
export function totpKeyBox(sessionSecret: string) {
  const key = Buffer.from(hkdfSync("sha256", sessionSecret, "", "staff-two-factor-secret", 32));
  return {
    seal(plain: string, userId: number): string {
      const iv = randomBytes(12);
      const cipher = createCipheriv("aes-256-gcm", key, iv);
      cipher.setAAD(Buffer.from(String(userId)));
      const sealed = Buffer.concat([cipher.update(plain, "utf8"), cipher.final(), cipher.getAuthTag()]);
      return `v1.${iv.toString("base64url")}.${sealed.toString("base64url")}`;
    },
    open(box: string, userId: number): string {
      const [version, iv, sealed] = box.split(".");
      if (version !== "v1" || !iv || !sealed) throw new Error("Unknown two-factor key format");
      const bytes = Buffer.from(sealed, "base64url");
      const decipher = createDecipheriv("aes-256-gcm", key, Buffer.from(iv, "base64url"));
      decipher.setAAD(Buffer.from(String(userId)));
      decipher.setAuthTag(bytes.subarray(bytes.length - 16));
      return Buffer.concat([
        decipher.update(bytes.subarray(0, bytes.length - 16)),
        decipher.final(),
      ]).toString("utf8");
    },
  };
}

export type TotpKeyBox = ReturnType<typeof totpKeyBox>;
