import type { ContactPush } from '@app/shared/contacts';
import type { EventEntry, KnownSubject, Presenter } from '../../lib/events.ts';
import type { Services } from '../../lib/context.ts';
import type { ContactRow } from './queries.ts';
import { serializeContactPush } from './serializers.ts';

/** The entry of contact.created or contact.updated. */
export const contactEntry = (name: 'contact.created' | 'contact.updated', row: Pick<ContactRow, 'accountId' | 'id'>): EventEntry => ({
  name,
  accountId: row.accountId,
  subject: { contactId: row.id },
});

/** contact.deleted only reaches screens, and the contact is gone by then: the entry carries its payload. */
export const contactDeletedEntry = (services: Pick<Services, 'storage'>, row: ContactRow): EventEntry => ({
  name: 'contact.deleted',
  accountId: row.accountId,
  subject: { contactId: row.id, data: serializeContactPush(row, (key) => services.storage.url(key)) },
});

/** A contact row at hand after the commit, so announcing it loads nothing. */
export const knownContact = (services: Pick<Services, 'storage'>, row: ContactRow): KnownSubject => ({
  kind: 'contact',
  accountId: row.accountId,
  id: row.id,
  value: serializeContactPush(row, (key) => services.storage.url(key)),
});

const contactEvent: Presenter = {
  needs: (entry) => [['contact', entry.subject.contactId!]],
  present: (entry, subjects) => {
    const contact = subjects.get('contact', entry.accountId, entry.subject.contactId!);
    return contact ? { name: entry.name as 'contact.created' | 'contact.updated', accountId: entry.accountId, data: contact } : null;
  },
};

const deleted: Presenter = {
  present: (entry) => (entry.subject.data ? { name: 'contact.deleted', accountId: entry.accountId, data: entry.subject.data as ContactPush } : null),
};

export const contactPresenters = { 'contact.created': contactEvent, 'contact.updated': contactEvent, 'contact.deleted': deleted };
