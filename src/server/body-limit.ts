import type { MiddlewareHandler } from "hono";
import { bodyLimit } from "hono/body-limit";
import { bodiless, MAX_BODY_BYTES } from "../api/validation.ts";
import { CATALOG_CSV_BODY_MAX_BYTES } from "../shared/catalogue-csv.ts";
import { PROOF_MAX_BYTES } from "../shared/contracts/payments.ts";
import { IMAGE_UPLOAD_BODY_MAX_BYTES } from "../shared/product-admin.ts";
import { RETURN_BODY_MAX_BYTES, RETURN_PHOTO_MAX_BYTES, RETURN_PHOTOS_MAX } from "../shared/returns.ts";

/** A proof of at most 5 MB with the form's other fields and the multipart framing. */
const PROOF_UPLOAD_BODY_MAX_BYTES = PROOF_MAX_BYTES + 1024 * 1024;

/** A plain page: the storefront cannot render its own without reading the body it refuses. */
const tooLargePage = (limit: string, what: string) => `<!DOCTYPE html>
<html lang="en">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Request too large | Bags &amp; Threads</title></head>
<body>
<main>
<h1>Request too large</h1>
<p>What you sent is over ${limit}, ${what}, so it was not read.</p>
<p><a href="/">Back To Home</a></p>
</main>
</body>
</html>
`;

/**
 * The back office's product page, home-slides page and blog post pages, where a picture is uploaded (with JavaScript through the
 * `.data` address): the pages that take more than 1 MB, as much as the API's upload operations do.
 */
const PHOTO_UPLOAD_PAGE =
  /^\/admin\/(?:products\/[1-9]\d{0,9}|catalogue\/sliders|posts\/(?:new|[1-9]\d{0,9}))(?:\.data)?$/;

/** The order payment page, where a bank transfer's proof (a picture or a PDF of up to 5 MB) is uploaded. */
const PAYMENT_PROOF_PAGE = /^\/order-payment(?:\.data)?$/;

/** The return request page, where up to 3 photos of up to 5 MB each are sent with the request. */
const RETURN_REQUEST_PAGE = /^\/order-returns(?:\.data)?$/;

/** The back office's catalogue import, which posts a CSV file of up to 10 MB. */
const CATALOGUE_IMPORT_PAGE = /^\/admin\/products\/import(?:\.data)?$/;

function limited(maxSize: number, page: string): MiddlewareHandler {
  return bodyLimit({
    maxSize,
    onError: (c) => {
      c.header("Cache-Control", "no-store");
      return c.html(page, 413);
    },
  });
}

/**
 * The pages' limit on what a form may post: the API's 1 MB, enforced the same way (Content-Length, else while
 * the body streams in), answered with a 413 page instead of JSON. Posts to the product page may carry a photo of
 * up to 10 MB, posts to the catalogue import a CSV of up to 10 MB, posts to the order payment page a
 * transfer's proof of up to 5 MB, and posts to the return page up to 3 photos of 5 MB each.
 */
export function storefrontBodyLimit(): MiddlewareHandler {
  const forms = limited(MAX_BODY_BYTES, tooLargePage("1 MB", "more than any form of this shop needs"));
  const photos = limited(
    IMAGE_UPLOAD_BODY_MAX_BYTES,
    tooLargePage("10 MB", "more than a product photo may be (choose a smaller file)"),
  );
  const catalogueCsv = limited(
    CATALOG_CSV_BODY_MAX_BYTES,
    tooLargePage("10 MB", "more than a catalogue CSV may be (split it into several files)"),
  );
  const proofs = limited(
    PROOF_UPLOAD_BODY_MAX_BYTES,
    tooLargePage("6 MB", "more than a transfer's proof may be (at most 5 MB: choose a smaller file)"),
  );
  const returnPhotos = limited(
    RETURN_BODY_MAX_BYTES,
    tooLargePage(
      `${Math.floor(RETURN_BODY_MAX_BYTES / 1024 / 1024)} MB`,
      `more than ${RETURN_PHOTOS_MAX} photos of ${RETURN_PHOTO_MAX_BYTES / 1024 / 1024} MB each (choose smaller ones)`,
    ),
  );
  return (c, next) => {
    if (bodiless(c.req.method)) return next();
    if (c.req.method !== "POST") return forms(c, next);
    if (PHOTO_UPLOAD_PAGE.test(c.req.path)) return photos(c, next);
    if (PAYMENT_PROOF_PAGE.test(c.req.path)) return proofs(c, next);
    if (RETURN_REQUEST_PAGE.test(c.req.path)) return returnPhotos(c, next);
    if (CATALOGUE_IMPORT_PAGE.test(c.req.path)) return catalogueCsv(c, next);
    return forms(c, next);
  };
}
