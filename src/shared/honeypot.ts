/**
 * The name of the field the contact and newsletter forms hide from people (a honeypot): people leave it empty,
 * form-filling robots often fill it, and a submission with it filled is answered as usual but dropped. Its own
 * zod-free module, so the storefront's forms can name it without pulling in the contract's schemas.
 */
export const HONEYPOT_FIELD = "website";
