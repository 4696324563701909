import { clearSessionCookie } from "../../server/session-cookie.ts";

/** Whether the shopper reached us over HTTPS (directly or through a proxy that says so). */
export function isSecureRequest(request: Request): boolean {
  const forwarded = request.headers.get("x-forwarded-proto");
  if (forwarded) return forwarded.split(",")[0]?.trim() === "https";
  return new URL(request.url).protocol === "https:";
}

/** The Set-Cookie value that removes the shopper's session cookie. */
export function signOutCookie(request: Request): string {
  return clearSessionCookie(isSecureRequest(request));
}
