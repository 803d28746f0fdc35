import { useId, type SelectHTMLAttributes } from 'react';
import { describedByOf, FieldMessages } from '../../../components/form-field.tsx';

type SelectFieldProps = SelectHTMLAttributes<HTMLSelectElement> & {
  label: string;
  options: readonly { value: string; label: string; disabled?: boolean }[];
  error?: string | undefined;
  hint?: string | undefined;
};

/** FormField's select sibling: a labelled native select with its hint and error. */
export function SelectField({ label, options, error, hint, id: givenId, ...select }: SelectFieldProps) {
  const generated = useId();
  const id = givenId ?? generated;
  return (
    <div className={`field${error ? ' field--error' : ''}`}>
      <label htmlFor={id}>{label}</label>
      <select id={id} aria-invalid={error ? true : undefined} aria-describedby={describedByOf({ id, hint, error })} {...select}>
        {options.map((option) => (
          <option key={option.value} value={option.value} disabled={option.disabled}>
            {option.label}
          </option>
        ))}
      </select>
      <FieldMessages id={id} hint={hint} error={error} />
    </div>
  );
}
