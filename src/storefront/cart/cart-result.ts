export const REMOVED_MESSAGE = "Item Removed From Cart Successfully!";
/** Spec: a failed cart update shows the server's message, or this when there is none. */
export const FALLBACK_FAILURE = "Something went wrong";

export type CartIntent = "update" | "remove" | "clear";

/** The outcome of a cart change, for the toast (or, without JavaScript, the note above the table). */
export interface CartResult {
  intent: CartIntent | "unknown";
  ok: boolean;
  message: string;
}
