import { useId, useState, type KeyboardEvent } from 'react';
import { Button } from '../../../components/button.tsx';
import { describedByOf, FieldMessages } from '../../../components/form-field.tsx';
import { t } from '../../../lib/i18n/i18n.ts';

type ListValuesFieldProps = { values: string[]; onChange: (values: string[]) => void; error?: string | undefined };

/** The choices of a list attribute: typed one at a time (Enter, comma or Add), shown as removable chips. */
export function ListValuesField({ values, onChange, error }: ListValuesFieldProps) {
  const id = useId();
  const [draft, setDraft] = useState('');
  const hint = t('ATTRIBUTES_MGMT.FORM.VALUES.HINT');

  const add = () => {
    const value = draft.trim();
    if (value && !values.includes(value)) onChange([...values, value]);
    setDraft('');
  };
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Enter' || event.key === ',') {
      event.preventDefault();
      add();
    } else if (event.key === 'Backspace' && !draft && values.length > 0) {
      onChange(values.slice(0, -1));
    }
  };

  return (
    <div className={`field${error ? ' field--error' : ''}`}>
      <label htmlFor={id}>{t('ATTRIBUTES_MGMT.FORM.VALUES.LABEL')}</label>
      {values.length > 0 ? (
        <ul className="attribute-values" aria-label={t('ATTRIBUTES_MGMT.FORM.VALUES.CHOSEN')}>
          {values.map((value) => (
            <li key={value} className="attribute-values__chip">
              <span>{value}</span>
              <button type="button" aria-label={t('ATTRIBUTES_MGMT.FORM.VALUES.REMOVE', { value })} onClick={() => onChange(values.filter((v) => v !== value))}>
                ×
              </button>
            </li>
          ))}
        </ul>
      ) : null}
      <div className="attribute-values__entry">
        <input
          id={id}
          autoComplete="off"
          maxLength={255}
          placeholder={t('ATTRIBUTES_MGMT.FORM.VALUES.PLACEHOLDER')}
          value={draft}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedByOf({ id, hint, error })}
          onChange={(e) => setDraft(e.target.value)}
          onKeyDown={onKeyDown}
          onBlur={add}
        />
        <Button size="small" onClick={add} disabled={!draft.trim()}>
          {t('ATTRIBUTES_MGMT.FORM.VALUES.ADD')}
        </Button>
      </div>
      <FieldMessages id={id} hint={hint} error={error} />
    </div>
  );
}
