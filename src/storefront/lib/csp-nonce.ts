import { createContext, useContext } from "react";
import { createContext as createRouterContext } from "react-router";

/**
 * The Content-Security-Policy nonce of this page request: the host makes a new one per request, allows only
 * scripts that carry it (and the site's own files), and hands it over here. Safe in the browser: there it is
 * simply absent (browsers hide nonces from the DOM, and hydration leaves the attribute as the server sent it).
 */
export const cspNonceContext = createRouterContext<string | undefined>(undefined);

/** The same nonce for components that render inline scripts; the server's entry provides it. */
export const NonceContext = createContext<string | undefined>(undefined);

export function useNonce(): string | undefined {
  return useContext(NonceContext);
}
