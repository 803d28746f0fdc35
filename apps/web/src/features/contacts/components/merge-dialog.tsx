import { useEffect, useId, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import type { Contact } from '@app/shared/contacts';
import { Avatar } from '../../../components/avatar.tsx';
import { Button } from '../../../components/button.tsx';
import { Modal } from '../../../components/modal.tsx';
import { useToast } from '../../../components/toast-provider.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { t } from '../../../lib/i18n/i18n.ts';
import { accountPath } from '../../../lib/routing.ts';
import { contactKeys, searchContacts, useContactAttributeDefinitions, useContactLabels, useMergeContacts } from '../api.ts';
import { text } from '../utils/format.ts';
import { mergePreview } from '../utils/merge-preview.ts';

const SEARCH_DELAY_MS = 250;

/** The contacts matching what is typed (GET contacts/search), the current one left out. */
function Picker({ accountId, exclude, initialQuery, onPick }: { accountId: number; exclude: number; initialQuery: string; onPick: (contact: Contact) => void }) {
  const id = useId();
  const [text, setText] = useState(initialQuery);
  const [q, setQ] = useState(initialQuery.trim());
  useEffect(() => {
    const timer = setTimeout(() => setQ(text.trim()), SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [text]);
  const results = useQuery({
    queryKey: [...contactKeys.account(accountId), 'merge-search', q],
    enabled: q.length > 0,
    queryFn: ({ signal }) => searchContacts(accountId, q, signal),
  });
  const others = (results.data ?? []).filter((contact) => contact.id !== exclude);
  return (
    <div className="contact-merge__picker">
      <div className="field">
        <label htmlFor={id}>{t('CONTACTS.MERGE.SEARCH')}</label>
        <input id={id} type="search" value={text} placeholder={t('CONTACTS.MERGE.SEARCH_PLACEHOLDER')} onChange={(e) => setText(e.target.value)} data-autofocus />
      </div>
      {q && results.isPending ? <p className="muted">{t('CONTACTS.MERGE.SEARCHING')}</p> : null}
      {results.isError ? <p className="contacts-alert">{t('CONTACTS.MERGE.SEARCH_ERROR')}</p> : null}
      {q && results.data && others.length === 0 ? <p className="muted">{t('CONTACTS.MERGE.NO_MATCH')}</p> : null}
      {others.length ? (
        <ul className="contact-merge__results">
          {others.map((contact) => (
            <li key={contact.id}>
              <button type="button" className="contact-merge__result" aria-label={t('CONTACTS.MERGE.PICK', { name: contact.name || contact.email || `#${contact.id}` })} onClick={() => onPick(contact)}>
                <Avatar name={contact.name || '?'} src={contact.thumbnail || null} size="small" />
                <span>
                  <span className="contact-merge__name">{contact.name || t('CONTACTS.UNNAMED')}</span>
                  <span className="muted contact-merge__sub">{[contact.email, contact.phone_number].filter(Boolean).join(' · ')}</span>
                </span>
              </button>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}

/** A contact's card in the preview: who it is and what happens to it. */
function Side({ contact, role }: { contact: Contact; role: 'keep' | 'remove' }) {
  return (
    <div className={`contact-merge__side contact-merge__side--${role}`}>
      <span className="contact-merge__role">{t(role === 'keep' ? 'CONTACTS.MERGE.KEEP' : 'CONTACTS.MERGE.REMOVE')}</span>
      <span className="contact-merge__name">{contact.name || t('CONTACTS.UNNAMED')}</span>
      <span className="muted contact-merge__sub">{[contact.email, contact.phone_number].filter(Boolean).join(' · ') || `#${contact.id}`}</span>
    </div>
  );
}

/** What the kept contact looks like after the merge (utils/merge-preview.ts). */
function Preview({ accountId, base, mergee }: { accountId: number; base: Contact; mergee: Contact }) {
  const baseLabels = useContactLabels(accountId, base.id).data ?? [];
  const mergeeLabels = useContactLabels(accountId, mergee.id).data ?? [];
  const definitions = useContactAttributeDefinitions(accountId).data ?? [];
  const merged = mergePreview(base, mergee, baseLabels, mergeeLabels);
  const attributeName = (key: string) => definitions.find((d) => d.attribute_key === key)?.attribute_display_name ?? key.replace(/_/g, ' ');
  const rows: [string, string][] = [
    [t('CONTACTS.FORM.NAME'), merged.name],
    [t('CONTACTS.FORM.EMAIL'), merged.email ?? ''],
    [t('CONTACTS.FORM.PHONE'), merged.phone_number ?? ''],
    [t('CONTACTS.FORM.IDENTIFIER'), merged.identifier ?? ''],
    [t('CONTACTS.FORM.COMPANY'), text(merged.additional_attributes.company_name)],
    [t('CONTACTS.FORM.CITY'), text(merged.additional_attributes.city)],
    [t('CONTACTS.FORM.COUNTRY'), text(merged.additional_attributes.country)],
    ...Object.entries(merged.custom_attributes).map(([key, value]): [string, string] => [attributeName(key), text(value)]),
    [t('CONTACTS.MERGE.PREVIEW_LABELS'), merged.labels.join(', ')],
  ];
  return (
    <section className="contact-merge__preview" aria-label={t('CONTACTS.MERGE.PREVIEW')}>
      <h3>{t('CONTACTS.MERGE.PREVIEW')}</h3>
      <dl className="contact-merge__fields">
        {rows
          .filter(([, value]) => value)
          .map(([label, value]) => (
            <div key={label}>
              <dt>{label}</dt>
              <dd dir="auto">{value}</dd>
            </div>
          ))}
      </dl>
      <p className="muted">{t('CONTACTS.MERGE.MOVES', { name: mergee.name || `#${mergee.id}` })}</p>
    </section>
  );
}

/**
 * Merge (POST actions/contact_merge): find the duplicate, see the contact the merge leaves, keep this contact or the
 * other, then merge. The kept contact's profile opens afterwards.
 */
export function MergeDialog({ accountId, contact, initialQuery = '', onClose }: { accountId: number; contact: Contact; initialQuery?: string; onClose: () => void }) {
  const [other, setOther] = useState<Contact | null>(null);
  const [keepCurrent, setKeepCurrent] = useState(true);
  const merge = useMergeContacts(accountId);
  const toast = useToast();
  const navigate = useNavigate();
  const base = keepCurrent || !other ? contact : other;
  const mergee = other && (keepCurrent ? other : contact);
  const submit = () => {
    if (!mergee) return;
    merge.mutate(
      { baseId: base.id, mergeeId: mergee.id },
      {
        onSuccess: (kept) => {
          toast(t('CONTACTS.MERGE.DONE', { mergee: mergee.name || `#${mergee.id}`, base: kept.name || `#${kept.id}` }), 'success');
          onClose();
          if (kept.id !== contact.id) void navigate(accountPath(accountId, `contacts/${kept.id}`), { replace: true });
        },
        onError: (error) => toast(error instanceof ApiError && error.status !== 0 && typeof error.body.message === 'string' ? error.body.message : t('CONTACTS.MERGE.ERROR'), 'error'),
      },
    );
  };
  return (
    <Modal show title={t('CONTACTS.MERGE.TITLE')} description={t('CONTACTS.MERGE.DESCRIPTION')} onClose={onClose} closeOnBackdrop={false}>
      {mergee ? (
        <div className="contact-merge">
          <div className="contact-merge__pair">
            <Side contact={base} role="keep" />
            <Side contact={mergee} role="remove" />
            <Button size="small" variant="ghost" className="contact-merge__swap" onClick={() => setKeepCurrent(!keepCurrent)}>
              ⇄ {t('CONTACTS.MERGE.SWAP')}
            </Button>
          </div>
          <Preview accountId={accountId} base={base} mergee={mergee} />
          <div className="modal__actions">
            <Button variant="ghost" onClick={() => (setOther(null), setKeepCurrent(true))}>
              {t('CONTACTS.MERGE.CHANGE')}
            </Button>
            <Button onClick={onClose}>{t('CONTACTS.MERGE.CANCEL')}</Button>
            <Button variant="primary" loading={merge.isPending} onClick={submit}>
              {t('CONTACTS.MERGE.SUBMIT')}
            </Button>
          </div>
        </div>
      ) : (
        <>
          <Picker accountId={accountId} exclude={contact.id} initialQuery={initialQuery} onPick={setOther} />
          <div className="modal__actions">
            <Button onClick={onClose}>{t('CONTACTS.MERGE.CANCEL')}</Button>
          </div>
        </>
      )}
    </Modal>
  );
}
