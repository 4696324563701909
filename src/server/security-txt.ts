import { Hono } from "hono";

/** How long a published security.txt stays valid: RFC 9116 asks for less than a year; it is written afresh daily. */
const VALID_DAYS = 180;

/**
 * `/.well-known/security.txt` (RFC 9116): where to report a security problem (the shop's own inbox) and which
 * policy applies (docs/security.md, "Reporting a problem"). Made from the configuration, so a shop with its own
 * address and domain publishes its own.
 */
export function securityTxt(publicUrl: string, shopEmail: string, now: Date): string {
  const expires = new Date(now.getTime() + VALID_DAYS * 24 * 60 * 60 * 1000);
  expires.setUTCHours(0, 0, 0, 0);
  return [
    `Contact: mailto:${shopEmail}`,
    `Expires: ${expires.toISOString().replace(".000Z", "Z")}`,
    "Preferred-Languages: en, ur",
    `Canonical: ${publicUrl}/.well-known/security.txt`,
    "",
  ].join("\n");
}

export function securityTxtRoutes(config: { publicUrl: string; shopEmail: string }): Hono {
  const routes = new Hono();
  routes.get("/.well-known/security.txt", (c) =>
    c.text(securityTxt(config.publicUrl, config.shopEmail, new Date()), 200, {
      "Cache-Control": "public, max-age=86400",
    }),
  );
  return routes;
}
