import type { MiddlewareHandler } from "hono";
import { bodyLimit } from "hono/body-limit";
import { MAX_BODY_BYTES } from "../api/validation.ts";

/** A plain page: the storefront cannot render its own without reading the body it refuses. */
const TOO_LARGE_PAGE = `<!DOCTYPE html>
<html lang="en">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Request too large | Bags &amp; Threads</title></head>
<body>
<main>
<h1>Request too large</h1>
<p>What you sent is over 1 MB, more than any form of this shop needs, so it was not read.</p>
<p><a href="/">Back To Home</a></p>
</main>
</body>
</html>
`;

/**
 * The pages' limit on what a form may post: the API's 1 MB, enforced the same way (Content-Length, else while
 * the body streams in), answered with a 413 page instead of JSON.
 */
export function storefrontBodyLimit(): MiddlewareHandler {
  return bodyLimit({
    maxSize: MAX_BODY_BYTES,
    onError: (c) => {
      c.header("Cache-Control", "no-store");
      return c.html(TOO_LARGE_PAGE, 413);
    },
  });
}
