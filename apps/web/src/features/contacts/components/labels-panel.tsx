import { useId, useState } from 'react';
import { Button } from '../../../components/button.tsx';
import { useToast } from '../../../components/toast-provider.tsx';
import { t } from '../../../lib/i18n/i18n.ts';
import { useLabels } from '../../../app/shell/api.ts';
import { useContactLabels, useSetContactLabels } from '../api.ts';

/** The contact's labels (GET contacts/{id}/labels); adding or removing one sends the whole set (POST replaces it). */
export function LabelsPanel({ accountId, contactId, canWrite }: { accountId: number; contactId: number; canWrite: boolean }) {
  const headingId = useId();
  const selectId = useId();
  const labels = useContactLabels(accountId, contactId);
  const available = useLabels(accountId);
  const save = useSetContactLabels(accountId, contactId);
  const toast = useToast();
  const [choice, setChoice] = useState('');
  const current = labels.data ?? [];
  const colour = (title: string) => available.data?.find((label) => label.title === title)?.color;
  const addable = (available.data ?? []).filter((label) => !current.includes(label.title));
  const change = (next: string[]) => save.mutate(next, { onError: () => toast(t('CONTACTS.LABELS.ERROR'), 'error'), onSuccess: () => setChoice('') });

  return (
    <section className="contact-card" aria-labelledby={headingId}>
      <h2 id={headingId} className="contact-card__title">
        {t('CONTACTS.LABELS.TITLE')}
      </h2>
      {labels.isError ? (
        <p className="contacts-alert" role="alert">
          {t('CONTACTS.LABELS.LOAD_ERROR')}
        </p>
      ) : current.length === 0 ? (
        <p className="muted">{labels.isPending ? t('CONTACTS.PROFILE.LOADING') : t('CONTACTS.LABELS.EMPTY')}</p>
      ) : (
        <ul className="contact-labels" aria-label={t('CONTACTS.LABELS.TITLE')}>
          {current.map((title) => (
            <li key={title} className="contact-labels__chip">
              <span className="contact-labels__dot" style={{ backgroundColor: colour(title) ?? 'var(--border-strong)' }} aria-hidden="true" />
              {title}
              {canWrite ? (
                <button
                  type="button"
                  className="contact-labels__remove"
                  aria-label={t('CONTACTS.LABELS.REMOVE', { label: title })}
                  disabled={save.isPending}
                  onClick={() => change(current.filter((label) => label !== title))}
                >
                  ✕
                </button>
              ) : null}
            </li>
          ))}
        </ul>
      )}
      {canWrite && labels.data ? (
        addable.length ? (
          <form
            className="contact-labels__add"
            onSubmit={(e) => {
              e.preventDefault();
              if (choice) change([...current, choice]);
            }}
          >
            <label className="contacts-visually-hidden" htmlFor={selectId}>
              {t('CONTACTS.LABELS.CHOOSE')}
            </label>
            <select id={selectId} value={choice} onChange={(e) => setChoice(e.target.value)}>
              <option value="">{t('CONTACTS.LABELS.CHOOSE')}</option>
              {addable.map((label) => (
                <option key={label.id} value={label.title}>
                  {label.title}
                </option>
              ))}
            </select>
            <Button type="submit" size="small" disabled={!choice} loading={save.isPending}>
              {t('CONTACTS.LABELS.ADD')}
            </Button>
          </form>
        ) : available.data && available.data.length > 0 ? (
          <p className="muted">{t('CONTACTS.LABELS.NONE_LEFT')}</p>
        ) : null
      ) : null}
    </section>
  );
}
