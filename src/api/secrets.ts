import { createHash, randomBytes } from "node:crypto";

/** A random, URL-safe secret (256 bits) for tokens and cart cookies. */
export function newSecret(): string {
  return randomBytes(32).toString("base64url");
}

/** Secrets are stored only as their SHA-256, so a leaked database holds no usable token. */
export function hashSecret(secret: string): string {
  return createHash("sha256").update(secret).digest("hex");
}
