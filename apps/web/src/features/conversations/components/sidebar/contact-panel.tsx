import { lazy, Suspense, useId, useState, type FormEvent } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { Link } from 'react-router';
import type { Conversation } from '@app/shared/conversations';
import { canAccess } from '@app/shared/permissions';
import { ApiError } from '../../../../lib/api-client.ts';
import { t, type MessageKey } from '../../../../lib/i18n/i18n.ts';
import { accountPath } from '../../../../lib/routing.ts';
import { useCurrentAccount } from '../../../auth/index.ts';
import { updateContact } from '../../../contacts/index.ts';
import { conversationKeys } from '../../api.ts';
import { patchConversation } from '../../utils/list-cache.ts';
import { TintedAvatar } from '../tinted-avatar.tsx';
import { Icon, type IconName } from '../icon.tsx';
import './contact-panel.css';

// The phone input carries the phone number metadata (about 30 KB gzipped): loaded when a phone number is edited,
// never with the conversation view (bench/web's workspace budget).
const PhoneInput = lazy(() => import('../../../../components/phone-input.tsx').then((module) => ({ default: module.PhoneInput })));

const text = (value: unknown) => (typeof value === 'string' || typeof value === 'number' ? String(value) : '');

/** The details the panel edits inline; the last three live in additional_attributes. */
type Field = 'name' | 'email' | 'phone_number' | 'identifier' | 'company_name' | 'city' | 'country';
const ADDITIONAL: readonly Field[] = ['company_name', 'city', 'country'];
type Row = { field: Field; icon: IconName; label: MessageKey; value: string };

/** A 422's message for one field (`email`, `additional_attributes.city` or `contact.email`). */
function fieldError(error: unknown, field: Field): string | null {
  if (!(error instanceof ApiError)) return null;
  for (const [key, messages] of Object.entries(error.fieldErrors)) {
    const name = key.replace(/^contact\./, '').replace(/^additional_attributes\./, '');
    if (name === field && Array.isArray(messages) && messages[0]) return messages[0];
  }
  return null;
}

type EditorProps = { row: Row; saving: boolean; error: string | null; onSave: (value: string) => void; onCancel: () => void };

/** One field's inline editor: Enter saves, Escape cancels; the phone number uses the phone input. */
function FieldEditor({ row, saving, error, onSave, onCancel }: EditorProps) {
  const id = useId();
  const [value, setValue] = useState(row.value);
  const label = t(row.label);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSave(value.trim());
  };
  return (
    <form
      className="cw-contact-edit"
      onSubmit={submit}
      noValidate
      onKeyDown={(e) => {
        if (e.key === 'Escape' && !e.defaultPrevented) {
          e.preventDefault();
          onCancel();
        }
      }}
    >
      {row.field === 'phone_number' ? (
        <Suspense fallback={<p className="cw-panel__note">{t('CONVERSATION.LOADING')}</p>}>
          <PhoneInput label={label} value={value} onChange={setValue} error={error ?? undefined} />
        </Suspense>
      ) : (
        <div className={`field${error ? ' field--error' : ''}`}>
          <label htmlFor={id}>{label}</label>
          <input
            id={id}
            type={row.field === 'email' ? 'email' : 'text'}
            value={value}
            maxLength={255}
            onChange={(e) => setValue(e.target.value)}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? `${id}-error` : undefined}
            autoFocus
            dir="auto"
          />
          {error ? (
            <p className="field__error" id={`${id}-error`}>
              {label} {error}
            </p>
          ) : null}
        </div>
      )}
      <div className="cw-contact-edit__actions">
        <button type="button" className="button button--ghost button--small" onClick={onCancel}>
          {t('CONVERSATION.CONTACT.CANCEL')}
        </button>
        <button type="submit" className="button button--primary button--small" disabled={saving} aria-busy={saving || undefined}>
          {t('CONVERSATION.CONTACT.SAVE')}
        </button>
      </div>
    </form>
  );
}

/**
 * The contact: picture, name, how to reach them, where they are, and their custom attributes. Members who manage
 * contacts edit each detail inline (PATCH contacts/{id}); a 422 shows under the field it names.
 */
export function ContactPanel({ conversation }: { conversation: Conversation }) {
  const { account } = useCurrentAccount();
  const client = useQueryClient();
  const canEdit = canAccess(account.permissions, 'api:contacts.manage');
  const [editing, setEditing] = useState<Field | null>(null);
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const contact = conversation.meta.sender;
  const extra = contact.additional_attributes;
  const rows: Row[] = [
    { field: 'email', icon: 'mail', label: 'CONVERSATION.CONTACT.EMAIL', value: contact.email ?? '' },
    { field: 'phone_number', icon: 'chat', label: 'CONVERSATION.CONTACT.PHONE', value: contact.phone_number ?? '' },
    { field: 'identifier', icon: 'hash', label: 'CONVERSATION.CONTACT.IDENTIFIER', value: contact.identifier ?? '' },
    { field: 'company_name', icon: 'users', label: 'CONVERSATION.CONTACT.COMPANY', value: text(extra.company_name) },
    { field: 'city', icon: 'flag', label: 'CONVERSATION.CONTACT.CITY', value: text(extra.city) },
    { field: 'country', icon: 'flag', label: 'CONVERSATION.CONTACT.COUNTRY', value: text(extra.country) },
  ];
  const nameRow: Row = { field: 'name', icon: 'user', label: 'CONVERSATION.CONTACT.NAME', value: contact.name };
  const custom = Object.entries(contact.custom_attributes).filter(([, value]) => text(value));

  const start = (field: Field) => {
    setEditing(field);
    setError(null);
  };
  const save = async (field: Field, value: string) => {
    setSaving(true);
    try {
      const body = ADDITIONAL.includes(field) ? { additional_attributes: { [field]: value } } : { [field]: value };
      const next = await updateContact(account.id, contact.id, body);
      const sender = { ...contact, name: next.name, email: next.email, phone_number: next.phone_number, identifier: next.identifier, additional_attributes: next.additional_attributes };
      patchConversation(client, account.id, conversation.id, (c) => ({ ...c, meta: { ...c.meta, sender: { ...c.meta.sender, ...sender } } }));
      void client.invalidateQueries({ queryKey: conversationKeys.contactConversations(account.id, contact.id) });
      setEditing(null);
      setError(null);
    } catch (failure) {
      setError(failure);
    } finally {
      setSaving(false);
    }
  };
  const editorOf = (row: Row) => {
    const message = fieldError(error, row.field) ?? (error ? (error instanceof ApiError && error.status !== 0 && error.status !== 422 ? error.message : t('CONVERSATION.CONTACT.SAVE_ERROR')) : null);
    return <FieldEditor row={row} saving={saving} error={message} onSave={(value) => void save(row.field, value)} onCancel={() => setEditing(null)} />;
  };
  const editButton = (row: Row) =>
    canEdit ? (
      <button type="button" className="cw-icon-button cw-icon-button--small cw-contact__edit" aria-label={t('CONVERSATION.CONTACT.EDIT', { field: t(row.label) })} onClick={() => start(row.field)}>
        <Icon name="note" size={12} />
      </button>
    ) : null;

  return (
    <div className="cw-contact">
      <div className="cw-contact__head">
        <TintedAvatar name={contact.name || '?'} src={contact.thumbnail || null} size="large" />
        <div className="cw-contact__who">
          {editing === 'name' ? (
            editorOf(nameRow)
          ) : (
            <p className="cw-contact__name" dir="auto">
              {contact.name}
              {editButton(nameRow)}
            </p>
          )}
          {text(extra.description) ? <p className="cw-contact__bio">{text(extra.description)}</p> : null}
          <Link className="cw-contact__profile" to={accountPath(account.id, `contacts/${contact.id}`)}>
            {t('CONVERSATION.CONTACT.OPEN_PROFILE')}
          </Link>
        </div>
      </div>
      <dl className="cw-details">
        {rows.map((row) =>
          editing === row.field ? (
            <div key={row.field} className="cw-details__row cw-details__row--editing">
              <dt className="cw-visually-hidden">{t(row.label)}</dt>
              <dd>{editorOf(row)}</dd>
            </div>
          ) : (
            <div key={row.field} className="cw-details__row">
              <dt>
                <Icon name={row.icon} size={13} />
                <span className="cw-visually-hidden">{t(row.label)}</span>
              </dt>
              <dd className={row.value ? undefined : 'cw-details__empty'} dir="auto">
                {row.value || t('CONVERSATION.CONTACT.NOT_AVAILABLE')}
              </dd>
              {editButton(row)}
            </div>
          ),
        )}
      </dl>
      {custom.length ? (
        <dl className="cw-attributes">
          {custom.map(([key, value]) => (
            <div key={key} className="cw-attributes__row">
              <dt>{key.replace(/_/g, ' ')}</dt>
              <dd>{text(value)}</dd>
            </div>
          ))}
        </dl>
      ) : null}
    </div>
  );
}
