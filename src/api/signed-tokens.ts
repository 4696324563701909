import { createHmac, timingSafeEqual } from "node:crypto";

/**
 * Values the API hands out and must recognise when they come back unchanged (the contact form's issue time, a
 * newsletter confirmation link): "value.signature", the signature being HMAC-SHA256 under SESSION_SECRET of the
 * purpose and the value, so a token made for one purpose never passes for another (or for a cookie signature).
 * Nothing is stored; changing the secret withdraws every token.
 */
const signature = (secret: string, purpose: string, value: string) =>
  createHmac("sha256", secret).update(`${purpose}:${value}`).digest("base64url");

export function signToken(secret: string, purpose: string, value: string): string {
  return `${value}.${signature(secret, purpose, value)}`;
}

/** The value of a token signed for `purpose`, or null when it was not (forged, altered, another purpose). */
export function readSignedToken(secret: string, purpose: string, token: string): string | null {
  const dot = token.lastIndexOf(".");
  if (dot <= 0) return null;
  const value = token.slice(0, dot);
  const given = Buffer.from(token.slice(dot + 1));
  const expected = Buffer.from(signature(secret, purpose, value));
  return given.length === expected.length && timingSafeEqual(given, expected) ? value : null;
}
