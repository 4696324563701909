/**
 * Whether a loader runs for a whole HTML document rather than a client navigation's data request (which
 * React Router sends to `<path>.data`). Pages await their slower data on documents, so the HTML carries the
 * products themselves, and stream it on client navigations, so the shimmer cards show at once.
 */
export function isDocumentRequest(request: Request): boolean {
  return !new URL(request.url).pathname.endsWith(".data");
}
