import type { FormEvent, ReactNode, Ref, RefObject } from 'react';
import { Button } from '../../../components/button.tsx';
import { t } from '../../../lib/i18n/i18n.ts';

type WizardFormProps = {
  title: string;
  description?: ReactNode;
  onSubmit: (event: FormEvent) => void;
  formRef?: Ref<HTMLFormElement>;
  /** Set while the pointer presses the submit button, so fields left for it wait for the submit's check. */
  submitPressed?: RefObject<boolean>;
  /** The failure message of the last attempt (001 section 8: a failed creation shows an alert). */
  alert?: string | null;
  submitting?: boolean;
  submitLabel?: string;
  submitDisabled?: boolean;
  /** Shown beside the submit button (why it is disabled, where it leads). */
  hint?: string;
  children: ReactNode;
};

/** A channel's creation form: heading, fields, then the alert and the submit button. */
export function WizardForm({ title, description, onSubmit, formRef, submitPressed, alert, submitting = false, submitLabel, submitDisabled = false, hint, children }: WizardFormProps) {
  return (
    <form ref={formRef} className="wizard-form" onSubmit={onSubmit} noValidate aria-label={title}>
      <header className="wizard-form__header">
        <h2>{title}</h2>
        {description ? <p className="muted">{description}</p> : null}
      </header>
      <div className="wizard-form__body">{children}</div>
      {alert ? (
        <p className="notice notice--error wizard-form__alert" role="alert">
          {alert}
        </p>
      ) : null}
      <footer className="wizard-form__footer">
        {hint ? <p className="wizard-form__hint">{hint}</p> : null}
        <Button
          type="submit"
          variant="primary"
          loading={submitting}
          disabled={submitDisabled}
          onPointerDown={() => {
            if (submitPressed) submitPressed.current = true;
          }}
          onPointerLeave={() => {
            if (submitPressed) submitPressed.current = false;
          }}
        >
          {submitting ? t('INBOX_MGMT.ADD.SUBMITTING') : (submitLabel ?? t('INBOX_MGMT.ADD.SUBMIT'))}
        </Button>
      </footer>
    </form>
  );
}
