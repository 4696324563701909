import { expect } from "vitest";

/**
 * For tests that compare a kept page's answer with a full render (decisions 0033, 0057): the page with its CSP
 * nonce (from the header) replaced by a mark, so two responses compare whatever their nonces; and the development
 * manifest's version, which each Vite server (each harness) draws at random (a production build's is the build's
 * hash).
 */
export function withoutNonce(response: Response, html: string): string {
  const nonce = /script-src[^;]*'nonce-([^']+)'/.exec(
    response.headers.get("content-security-policy") ?? "",
  )?.[1];
  expect(nonce).toBeTruthy();
  return html.replaceAll(nonce!, "NONCE").replace(/"version": "0\.\d+"/, '"version": "dev"');
}

/** Two pages byte for byte; a difference is shown where it starts, not as two whole pages. */
export function expectSamePage(actual: string, expected: string, label: string) {
  if (actual === expected) return;
  let at = 0;
  while (actual[at] === expected[at]) at++;
  const around = (text: string) => text.slice(Math.max(0, at - 200), at + 300);
  expect(around(actual), `${label}: the pages differ at ${at}`).toBe(around(expected));
}
