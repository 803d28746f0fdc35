import { useId, type InputHTMLAttributes } from 'react';

type FormFieldProps = InputHTMLAttributes<HTMLInputElement> & { label: string; error?: string | undefined; hint?: string | undefined };

type FieldText = { id: string; hint?: string | undefined; error?: string | undefined; /** show the hint beside an error too */ keepHint?: boolean };

/** The ids a field's control is described by: its error, and its hint while shown. */
export const describedByOf = ({ id, hint, error, keepHint }: FieldText) =>
  [error ? `${id}-error` : null, hint && (keepHint || !error) ? `${id}-hint` : null].filter(Boolean).join(' ') || undefined;

/** A field's hint (hidden by an error unless `keepHint`) and error message, under its control. */
export function FieldMessages({ id, hint, error, keepHint }: FieldText) {
  return (
    <>
      {hint && (keepHint || !error) ? (
        <p className="field__hint" id={`${id}-hint`}>
          {hint}
        </p>
      ) : null}
      {error ? (
        <p className="field__error" id={`${id}-error`}>
          {error}
        </p>
      ) : null}
    </>
  );
}

/** A labelled input with its hint and error message, wired for screen readers. */
export function FormField({ label, error, hint, id: givenId, ...input }: FormFieldProps) {
  const generated = useId();
  const id = givenId ?? generated;
  return (
    <div className={`field${error ? ' field--error' : ''}`}>
      <label htmlFor={id}>{label}</label>
      <input id={id} aria-invalid={error ? true : undefined} aria-describedby={describedByOf({ id, hint, error })} {...input} />
      <FieldMessages id={id} hint={hint} error={error} />
    </div>
  );
}
