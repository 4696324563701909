import type { InputHTMLAttributes, ReactNode } from "react";

type FieldProps = InputHTMLAttributes<HTMLInputElement> & {
  name: string;
  label: ReactNode;
  error?: string;
  hint?: ReactNode;
  /** Set when the label should say the field may be left empty. */
  optional?: boolean;
};

/** A labelled input with its error beneath it, tied together for screen readers. */
export function Field({ name, label, error, hint, optional = false, id, className, ...input }: FieldProps) {
  const inputId = id ?? `field-${name}`;
  const describedBy = [error ? `${inputId}-error` : null, hint ? `${inputId}-hint` : null]
    .filter(Boolean)
    .join(" ");
  return (
    <div className={`field${error ? " field--invalid" : ""}${className ? ` ${className}` : ""}`}>
      <label className="field__label" htmlFor={inputId}>
        {label}
        {optional && <span className="field__optional"> (optional)</span>}
      </label>
      <input
        id={inputId}
        name={name}
        className="field__input"
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy || undefined}
        {...input}
      />
      {hint && (
        <p className="field__hint" id={`${inputId}-hint`}>
          {hint}
        </p>
      )}
      {error && (
        <p className="field__error" id={`${inputId}-error`}>
          {error}
        </p>
      )}
    </div>
  );
}

/** A message box above a form: an error with its title, or a confirmation. Text only, never HTML. */
export function FormAlert({
  kind,
  title,
  children,
}: {
  kind: "error" | "success";
  title?: string;
  children?: ReactNode;
}) {
  return (
    <div className={`form-alert form-alert--${kind}`} role={kind === "error" ? "alert" : "status"}>
      {title && <p className="form-alert__title">{title}</p>}
      {children && <p className="form-alert__message">{children}</p>}
    </div>
  );
}
