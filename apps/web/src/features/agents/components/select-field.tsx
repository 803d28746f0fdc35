import { useId, type ReactNode, type SelectHTMLAttributes } from 'react';
import { describedByOf, FieldMessages } from '../../../components/form-field.tsx';

type SelectFieldProps = SelectHTMLAttributes<HTMLSelectElement> & { label: string; error?: string | undefined; hint?: string | undefined; children: ReactNode };

/** FormField's select sibling: a labelled select with its hint and error message. */
export function SelectField({ label, error, hint, id: givenId, children, ...select }: SelectFieldProps) {
  const generated = useId();
  const id = givenId ?? generated;
  return (
    <div className={`field${error ? ' field--error' : ''}`}>
      <label htmlFor={id}>{label}</label>
      <select id={id} aria-invalid={error ? true : undefined} aria-describedby={describedByOf({ id, hint, error, keepHint: true })} {...select}>
        {children}
      </select>
      <FieldMessages id={id} hint={hint} error={error} keepHint />
    </div>
  );
}
