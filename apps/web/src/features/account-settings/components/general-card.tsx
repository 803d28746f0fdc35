import { useId, useState } from 'react';
import type { Account } from '@app/shared/accounts';
import { LANGUAGES, languageName } from '@app/shared/languages';
import { describedByOf, FieldMessages, FormField } from '../../../components/form-field.tsx';
import { SettingsCard } from '../../../components/settings-card.tsx';
import { useToast } from '../../../components/toast-provider.tsx';
import { readServerErrors } from '../../../lib/form-errors.ts';
import { t } from '../../../lib/i18n/i18n.ts';
import { useUpdateAccount } from '../api.ts';
import { ACCOUNT_NAME_MAX, validateAccountName, validateLocale } from '../utils/general-form.ts';

type Errors = { name?: string | undefined; locale?: string | undefined };

// The list sorted by name once; the account's own locale is offered even when it carries a region (pt_BR).
const SORTED = [...LANGUAGES].sort((a, b) => a.name.localeCompare(b.name));

/** Account name (required, 000 section 5) and site language (the ~180-language list, 001 section 3). */
export function GeneralCard({ account }: { account: Account }) {
  const [name, setName] = useState(account.name);
  const [locale, setLocale] = useState(account.locale);
  const [errors, setErrors] = useState<Errors>({});
  const update = useUpdateAccount(account.id);
  const toast = useToast();
  const localeId = useId();
  const pristine = name === account.name && locale === account.locale;
  const options = SORTED.some((language) => language.id === account.locale) ? SORTED : [{ id: account.locale, name: languageName(account.locale.slice(0, 2)) }, ...SORTED];

  const submit = () => {
    const found = { name: validateAccountName(name), locale: validateLocale(locale) };
    setErrors(found);
    if (found.name || found.locale) return;
    update.mutate(
      { name: name.trim(), locale },
      {
        onSuccess: (saved) => {
          setName(saved.name);
          setLocale(saved.locale);
          toast(t('GENERAL_SETTINGS.UPDATE.SUCCESS'), 'success');
        },
        onError: (error) => {
          const read = readServerErrors(error, { name: t('GENERAL_SETTINGS.FORM.NAME.LABEL'), locale: t('GENERAL_SETTINGS.FORM.LANGUAGE.LABEL') }, t('GENERAL_SETTINGS.UPDATE.ERROR'));
          setErrors(read.fields);
          if (read.message) toast(read.message, 'error');
        },
      },
    );
  };

  return (
    <SettingsCard
      title={t('GENERAL_SETTINGS.FORM.GENERAL_SECTION.TITLE')}
      description={t('GENERAL_SETTINGS.FORM.GENERAL_SECTION.NOTE')}
      onSubmit={submit}
      saving={update.isPending}
      pristine={pristine}
      submitLabel={t('GENERAL_SETTINGS.SAVE')}
      footerHint={`${t('GENERAL_SETTINGS.FORM.ACCOUNT_ID')}: ${account.id} · ${t('GENERAL_SETTINGS.FORM.ACCOUNT_ID_HINT')}`}
    >
      <div className="settings-card__row account-general__row">
        <FormField
          label={t('GENERAL_SETTINGS.FORM.NAME.LABEL')}
          name="name"
          autoComplete="organization"
          maxLength={ACCOUNT_NAME_MAX}
          placeholder={t('GENERAL_SETTINGS.FORM.NAME.PLACEHOLDER')}
          value={name}
          onChange={(e) => {
            setName(e.target.value);
            setErrors((current) => ({ ...current, name: undefined }));
          }}
          onBlur={() => setErrors((current) => ({ ...current, name: validateAccountName(name) }))}
          error={errors.name}
        />
        <div className={`field${errors.locale ? ' field--error' : ''}`}>
          <label htmlFor={localeId}>{t('GENERAL_SETTINGS.FORM.LANGUAGE.LABEL')}</label>
          <select
            id={localeId}
            name="locale"
            value={locale}
            aria-invalid={errors.locale ? true : undefined}
            aria-describedby={describedByOf({ id: localeId, hint: t('GENERAL_SETTINGS.FORM.LANGUAGE.HINT'), error: errors.locale })}
            onChange={(e) => {
              setLocale(e.target.value);
              setErrors((current) => ({ ...current, locale: undefined }));
            }}
          >
            {options.map((language) => (
              <option key={language.id} value={language.id}>
                {language.name} ({language.id})
              </option>
            ))}
          </select>
          <FieldMessages id={localeId} hint={t('GENERAL_SETTINGS.FORM.LANGUAGE.HINT')} error={errors.locale} />
        </div>
      </div>
    </SettingsCard>
  );
}
