import { useState, type FormEvent } from 'react';
import type { Contact } from '@app/shared/contacts';
import { Button } from '../../../components/button.tsx';
import { FormField } from '../../../components/form-field.tsx';
import { PhoneInput } from '../../../components/phone-input.tsx';
import { TextareaField } from '../../../components/textarea-field.tsx';
import { useToast } from '../../../components/toast-provider.tsx';
import { t, type MessageKey } from '../../../lib/i18n/i18n.ts';
import { useUpdateContact } from '../api.ts';
import { changedBody, formValuesOf, type ContactField, type ContactFormValues } from '../utils/contact-fields.ts';
import { contactFlowError, readContactErrors, type ContactErrors } from '../utils/contact-errors.ts';

const LABELS: Record<ContactField, MessageKey> = {
  name: 'CONTACTS.FORM.NAME',
  email: 'CONTACTS.FORM.EMAIL',
  phone_number: 'CONTACTS.FORM.PHONE',
  identifier: 'CONTACTS.FORM.IDENTIFIER',
  company_name: 'CONTACTS.FORM.COMPANY',
  city: 'CONTACTS.FORM.CITY',
  country: 'CONTACTS.FORM.COUNTRY',
  description: 'CONTACTS.FORM.DESCRIPTION',
};
export const fieldLabels = () => Object.fromEntries(Object.entries(LABELS).map(([field, key]) => [field, t(key)])) as Record<ContactField, string>;

/**
 * The contact's details as a form (PATCH contacts/{id} with the fields that changed). A 422 puts each attribute's
 * message under its field (S1-5.46, S1-8.14); another error shows the server's message (S1-8.15).
 */
type ContactDetailsFormProps = {
  accountId: number;
  contact: Contact;
  readOnly: boolean;
  /** A duplicate (DUPLICATE_CONTACT): open the merge dialog searching for the value another contact holds. */
  onFindDuplicate?: (query: string) => void;
};

export function ContactDetailsForm({ accountId, contact, readOnly, onFindDuplicate }: ContactDetailsFormProps) {
  const update = useUpdateContact(accountId);
  const toast = useToast();
  const saved = formValuesOf(contact);
  const [values, setValues] = useState<ContactFormValues>(saved);
  const [errors, setErrors] = useState<ContactErrors>({ fields: {}, message: null });
  const [duplicate, setDuplicate] = useState<string | null>(null);
  // The contact changed on the server (a merge, another member's edit, an event): an untouched form follows it; a
  // form with edits keeps them.
  const [shown, setShown] = useState<ContactFormValues>(saved);
  if (JSON.stringify(shown) !== JSON.stringify(saved)) {
    setShown(saved);
    if (changedBody(shown, values) === null) setValues(saved);
  }
  const body = changedBody(saved, values);

  const set = (field: ContactField) => (value: string) => {
    setValues((current) => ({ ...current, [field]: value }));
    setErrors((current) => ({ ...current, fields: { ...current.fields, [field]: undefined } }));
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!body) return;
    update.mutate(
      { id: contact.id, body },
      {
        onSuccess: (next) => {
          setValues(formValuesOf(next));
          setErrors({ fields: {}, message: null });
          setDuplicate(null);
          toast(t('CONTACTS.FORM.SAVED'), 'success');
        },
        onError: (failure) => {
          setErrors(readContactErrors(failure, fieldLabels(), t('CONTACTS.FORM.SAVE_ERROR')));
          const flow = contactFlowError(failure);
          const field = flow?.code === 'DUPLICATE_CONTACT' ? flow.data.find((name): name is 'email' | 'phone_number' | 'identifier' => ['email', 'phone_number', 'identifier'].includes(name)) : undefined;
          setDuplicate(field ? values[field].trim() : null);
        },
      },
    );
  };
  const field = (name: Exclude<ContactField, 'phone_number' | 'description'>, type = 'text') => (
    <FormField
      label={t(LABELS[name])}
      type={type}
      value={values[name]}
      onChange={(e) => set(name)(e.target.value)}
      error={errors.fields[name]}
      readOnly={readOnly}
      maxLength={255}
      dir="auto"
    />
  );
  return (
    <form className="contact-form" onSubmit={submit} noValidate aria-label={t('CONTACTS.PROFILE.DETAILS')}>
      {errors.message ? (
        <p className="contacts-alert" role="alert">
          {errors.message}
        </p>
      ) : null}
      {duplicate && onFindDuplicate ? (
        <p className="contacts-notice" role="status">
          {t('CONTACTS.FORM.DUPLICATE', { value: duplicate })}{' '}
          <Button size="small" variant="link" onClick={() => onFindDuplicate(duplicate)}>
            {t('CONTACTS.FORM.FIND_DUPLICATE')}
          </Button>
        </p>
      ) : null}
      {field('name')}
      {field('email', 'email')}
      <PhoneInput label={t(LABELS.phone_number)} value={values.phone_number} onChange={set('phone_number')} error={errors.fields.phone_number} disabled={readOnly} />
      {field('identifier')}
      {field('company_name')}
      <div className="contact-form__pair">
        {field('city')}
        {field('country')}
      </div>
      <TextareaField
        label={t(LABELS.description)}
        value={values.description}
        onChange={(e) => set('description')(e.target.value)}
        error={errors.fields.description}
        readOnly={readOnly}
        rows={3}
        dir="auto"
      />
      {readOnly ? null : (
        <div className="contact-form__actions">
          <Button variant="ghost" disabled={!body || update.isPending} onClick={() => (setValues(saved), setErrors({ fields: {}, message: null }), setDuplicate(null))}>
            {t('CONTACTS.FORM.RESET')}
          </Button>
          <Button type="submit" variant="primary" loading={update.isPending} disabled={!body}>
            {t('CONTACTS.FORM.SAVE')}
          </Button>
        </div>
      )}
    </form>
  );
}
