import { hasPurposeSignature, purposeSignature } from "../shared/signatures.server.ts";

/**
 * Values the API hands out and must recognise when they come back unchanged (the contact form's issue time, a
 * newsletter link): "value.signature", the signature naming its purpose (src/shared/signatures.server.ts), so a
 * token made for one purpose never passes for another, or for a cookie's signature. Nothing is stored; changing
 * the secret withdraws every token.
 */
export function signToken(secret: string, purpose: string, value: string): string {
  return `${value}.${purposeSignature(secret, purpose, value)}`;
}

/** The value of a token signed for `purpose`, or null when it was not (forged, altered, another purpose). */
export function readSignedToken(secret: string, purpose: string, token: string): string | null {
  const dot = token.lastIndexOf(".");
  if (dot <= 0) return null;
  const value = token.slice(0, dot);
  return hasPurposeSignature(secret, purpose, value, token.slice(dot + 1)) ? value : null;
}
