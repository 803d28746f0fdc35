import { useRef, useState, type ChangeEvent, type FormEvent } from 'react';
import type { Errors } from '../utils/validation.ts';
import { focusFirstInvalid } from '../../../lib/focus-first-invalid.ts';

type Failure<F extends string> = { fields: Partial<Record<F, string>>; alert: string };

/**
 * A creation form's state (001 section 5): fields are checked on blur and on submit, each showing its
 * localized message; a server 422 puts its messages under the fields until they are edited, and the alert
 * carries the channel's failure message.
 */
export function useChannelForm<V extends Record<string, unknown>>(initial: V, validate: (values: V) => Errors<keyof V & string> = () => ({})) {
  type F = keyof V & string;
  const [values, setValues] = useState(initial);
  const [touched, setTouched] = useState<ReadonlySet<string>>(new Set());
  const [submitted, setSubmitted] = useState(false);
  const [serverErrors, setServerErrors] = useState<Partial<Record<F, string>>>({});
  const [alert, setAlert] = useState<string | null>(null);
  const formRef = useRef<HTMLFormElement>(null);
  /** True while the pointer presses the submit button (WizardForm sets it). */
  const submitPressed = useRef(false);
  const clientErrors = validate(values);

  const errorOf = (field: F): string | undefined => serverErrors[field] ?? (submitted || touched.has(field) ? clientErrors[field] : undefined);

  const set = <K extends F>(field: K, value: V[K]) => {
    setValues((current) => ({ ...current, [field]: value }));
    setServerErrors((current) => {
      if (!(field in current)) return current;
      const next = { ...current };
      delete next[field];
      return next;
    });
  };
  const touch = (field: F) => setTouched((current) => (current.has(field) ? current : new Set(current).add(field)));

  /** Props of a text field: value, change, blur-validation and its error. */
  const text = (field: F) => ({
    name: field,
    value: String(values[field] ?? ''),
    onChange: (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement>) => set(field, event.target.value as V[F]),
    // A field left by pressing the submit button is not checked yet: its message would appear above the
    // button between pointer down and up, push it down, and the click would miss. Submit checks every field.
    onBlur: () => {
      if (!submitPressed.current) touch(field);
    },
    error: errorOf(field),
  });

  const focusFirstError = () => focusFirstInvalid(() => formRef.current);

  /** Submit: every field checked; only a valid form is sent. */
  const onSubmit = (send: (values: V) => void) => (event: FormEvent) => {
    event.preventDefault();
    submitPressed.current = false;
    setSubmitted(true);
    setAlert(null);
    if (Object.keys(clientErrors).length > 0) return focusFirstError();
    send(values);
  };

  const fail = (failure: Failure<F>) => {
    setServerErrors(failure.fields);
    setAlert(failure.alert);
    focusFirstError();
  };

  return { values, set, touch, text, errorOf, onSubmit, fail, alert, setAlert, formRef, submitPressed, isValid: Object.keys(clientErrors).length === 0 };
}
