/** Text for an HTML email: every character that could open a tag, an entity or an attribute is escaped. */
export const escapeHtml = (value: string) => value.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
