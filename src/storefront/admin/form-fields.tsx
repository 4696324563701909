/**
 * Pieces of the back office's plain forms (a discount code's, a sale's): they post without JavaScript, and show
 * what was typed and the API's error beside each field.
 */

/** A field's id (`<prefix>-<name>`), name, the value to show and its error, for `Field`. */
export function fieldProps<Name extends string>(
  prefix: string,
  values: Record<Name, string>,
  errors: Record<string, string>,
) {
  return (name: Name) => ({ id: `${prefix}-${name}`, name, defaultValue: values[name], error: errors[name] });
}

/** A select of `options` (value to words) with its label and error, posted as `name` (a code's and a sale's forms). */
export function Choice({
  name,
  label,
  options,
  value,
  error,
  idPrefix,
}: {
  name: string;
  label: string;
  options: Record<string, string>;
  value: string;
  error: string | undefined;
  /** The field's id is `<idPrefix>-<name>`. */
  idPrefix: string;
}) {
  const id = `${idPrefix}-${name}`;
  return (
    <div className={`field${error ? " field--invalid" : ""}`}>
      <label className="field__label" htmlFor={id}>
        {label}
      </label>
      <select
        id={id}
        name={name}
        className="field__input"
        defaultValue={value}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
      >
        {Object.entries(options).map(([option, text]) => (
          <option key={option} value={option}>
            {text}
          </option>
        ))}
      </select>
      {error && (
        <p className="field__error" id={`${id}-error`}>
          {error}
        </p>
      )}
    </div>
  );
}
