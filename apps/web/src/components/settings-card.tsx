import { useId, useRef, type FormEvent, type ReactNode } from 'react';
import { Button } from './button.tsx';
import { t } from '../lib/i18n/i18n.ts';
import { focusFirstInvalid } from '../lib/focus-first-invalid.ts';

type SettingsCardProps = {
  title: string;
  description?: string;
  children: ReactNode;
  /** Makes the card a form with a footer: a hint on one side, the submit button on the other. */
  onSubmit?: () => void;
  footerHint?: string;
  submitLabel?: string;
  saving?: boolean;
  /** Nothing to save yet. */
  pristine?: boolean;
};

/** A settings section: title and description above its fields, and for forms a footer with the save button. */
export function SettingsCard({ title, description, children, onSubmit, footerHint, submitLabel, saving = false, pristine = false }: SettingsCardProps) {
  const titleId = useId();
  const form = useRef<HTMLFormElement>(null);
  const header = (
    <header className="settings-card__header">
      <h2 id={titleId}>{title}</h2>
      {description ? <p className="settings-card__description">{description}</p> : null}
    </header>
  );
  if (!onSubmit) {
    return (
      <section className="settings-card" aria-labelledby={titleId}>
        {header}
        <div className="settings-card__body">{children}</div>
      </section>
    );
  }
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (saving) return;
    onSubmit();
    // A field the checks refused takes the focus, once the messages are on screen.
    focusFirstInvalid(() => form.current);
  };
  return (
    <form ref={form} className="settings-card" aria-labelledby={titleId} onSubmit={submit} noValidate>
      {header}
      <div className="settings-card__body">{children}</div>
      <footer className="settings-card__footer">
        <p className="settings-card__hint">{footerHint}</p>
        <Button type="submit" variant="primary" size="small" loading={saving} disabled={pristine}>
          {saving ? t('PROFILE_SETTINGS.SAVING') : (submitLabel ?? t('PROFILE_SETTINGS.SAVE'))}
        </Button>
      </footer>
    </form>
  );
}
