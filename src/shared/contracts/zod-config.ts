import { z } from "zod";

/**
 * In the browser zod would probe whether it may compile parsers with `new Function` as soon as an object schema is
 * built, which the shop's CSP refuses (and reports as a violation on every page). Parsing without compiling is
 * plenty for the few forms the storefront checks there. The contracts' field builders (fields.ts) import this
 * first, so it runs before any contract builds a schema, whichever page module the browser evaluates first; the
 * server (no `document`) compiles as usual.
 */
if (typeof document !== "undefined") z.config({ jitless: true });
