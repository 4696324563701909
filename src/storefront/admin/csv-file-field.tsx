import { type FormEvent, type ReactNode, useState } from "react";

/**
 * A CSV upload's file field (the catalogue import, a courier's payment report). With JavaScript a file over
 * `maxBytes` is stopped at submit, before it travels for nothing; without it the API's 413 says the same.
 * `serverError` is why the last upload was refused, if it was.
 */
export function useCsvUpload(maxBytes: number, tooLargeMessage: string, serverError: string | null) {
  const [tooLarge, setTooLarge] = useState(false);
  const checkSize = (event: FormEvent<HTMLFormElement>) => {
    const file = new FormData(event.currentTarget).get("file");
    const over = file instanceof File && file.size > maxBytes;
    setTooLarge(over);
    if (over) event.preventDefault();
  };
  return { checkSize, error: tooLarge ? tooLargeMessage : serverError, clear: () => setTooLarge(false) };
}

export function CsvFileField({
  id,
  label,
  error,
  hint,
  onChange,
}: {
  id: string;
  label: string;
  error: string | null;
  hint?: ReactNode;
  onChange: () => void;
}) {
  const described = error ? `${id}-error` : hint ? `${id}-hint` : undefined;
  return (
    <div className={`field${error ? " field--invalid" : ""}`}>
      <label className="field__label" htmlFor={id}>
        {label}
      </label>
      <input
        id={id}
        name="file"
        type="file"
        accept=".csv,text/csv"
        required
        className="field__input"
        aria-invalid={error ? true : undefined}
        aria-describedby={described}
        onChange={onChange}
      />
      {hint && (
        <p className="field__hint" id={`${id}-hint`}>
          {hint}
        </p>
      )}
      {error && (
        <p className="field__error" id={`${id}-error`} role="alert">
          {error}
        </p>
      )}
    </div>
  );
}
