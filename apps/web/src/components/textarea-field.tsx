import { useId, type TextareaHTMLAttributes } from 'react';
import { describedByOf, FieldMessages } from './form-field.tsx';
import './widgets.css';

type TextareaFieldProps = TextareaHTMLAttributes<HTMLTextAreaElement> & { label: string; error?: string | undefined; hint?: string | undefined };

/** FormField's multi-line sibling: a labelled textarea with its hint and error message. */
export function TextareaField({ label, error, hint, id: givenId, ...textarea }: TextareaFieldProps) {
  const generated = useId();
  const id = givenId ?? generated;
  return (
    <div className={`field${error ? ' field--error' : ''}`}>
      <label htmlFor={id}>{label}</label>
      <textarea id={id} aria-invalid={error ? true : undefined} aria-describedby={describedByOf({ id, hint, error, keepHint: true })} {...textarea} />
      <FieldMessages id={id} hint={hint} error={error} keepHint />
    </div>
  );
}
