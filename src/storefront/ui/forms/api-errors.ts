/** The first message per field ("shipping_address.city" becomes "city"), as shown under each field. */
export function firstErrors(errors: Record<string, string[]> | undefined): Record<string, string> {
  const first: Record<string, string> = {};
  for (const [path, messages] of Object.entries(errors ?? {})) {
    const field = path.split(".").at(-1) ?? path;
    const message = messages[0];
    if (message && !(field in first)) first[field] = message;
  }
  return first;
}

/**
 * The status a form's refused submission answers with: the API's own error status, or 500 when the API's answer
 * carried none. A 4xx/5xx also keeps React Router from reloading the page's data after the submission.
 */
export function failureStatus(status: number): number {
  return status >= 400 ? status : 500;
}

/** Every message of a 422 in one line (spec section 8, checkout). */
export function joinedMessages(errors: Record<string, string[]> | undefined): string {
  return Object.values(errors ?? {})
    .flat()
    .join(" ");
}

/** A text value from a submitted form ("" when missing or a file). */
export function formText(form: FormData, name: string): string {
  const value = form.get(name);
  return typeof value === "string" ? value : "";
}

/** The named text values of a submitted form, typed by their names. */
export function formFields<const Name extends string>(
  form: FormData,
  names: readonly Name[],
): Record<Name, string> {
  return Object.fromEntries(names.map((name) => [name, formText(form, name)])) as Record<Name, string>;
}
