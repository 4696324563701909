import { HONEYPOT_FIELD } from "../../../shared/honeypot.ts";

/**
 * The field people never see (off-screen, out of the tab order, hidden from screen readers) and so leave empty;
 * robots that fill in every field give themselves away, and the API drops what they send.
 */
export function HoneypotField({ id = `field-${HONEYPOT_FIELD}` }: { id?: string }) {
  return (
    <div className="honeypot" aria-hidden="true">
      <label htmlFor={id}>Leave this field empty</label>
      <input id={id} type="text" name={HONEYPOT_FIELD} tabIndex={-1} autoComplete="off" defaultValue="" />
    </div>
  );
}
