/**
 * A slot's markup kept by what it shows (decision 0057): `render(value)` must depend on `keyOf(value)` alone (the
 * cart's JSON text, the user's JSON, the count, the sentence), so a key never yields another shopper's markup.
 * At most `max` keys; full, it starts again. A rejected promise is not kept.
 */
export function remembered<V, R>(render: (value: V) => R, keyOf: (value: V) => string, max = 2_000) {
  const kept = new Map<string, R>();
  return (value: V): R => {
    const key = keyOf(value);
    if (kept.has(key)) return kept.get(key)!;
    if (kept.size >= max) kept.clear();
    const markup = render(value);
    kept.set(key, markup);
    if (markup instanceof Promise) markup.catch(() => kept.delete(key));
    return markup;
  };
}
