import { createContext } from "react-router";

/** The slice of a pino logger the storefront uses (the host passes one bound to the request id). */
export interface RequestLog {
  error(details: object, message: string): void;
  warn(details: object, message: string): void;
}

/** This page request's logger; its lines carry the same request id as the API's and the X-Request-Id header. */
export const requestLogContext = createContext<RequestLog>();
