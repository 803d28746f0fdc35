import type { Contact, ContactNote } from '@app/shared/contacts';
import type { ContactExportJob, ContactImportJob } from '@app/shared/contact-jobs';
import type { CustomAttributeDefinition } from '@app/shared/custom-attributes';
import type { UserAccount } from '@app/shared/users';
import { fakeApi, type Call, type Reply } from '../../../test/fake-api.ts';
import { makeAccount } from '../../../test/fixtures.ts';
import { renderAccountScreen } from '../../../test/render-account-screen.tsx';
import { ContactProfilePage } from '../pages/contact-profile-page.tsx';
import { ContactsPage } from '../pages/contacts-page.tsx';

export const ACCOUNT = 7;
export const at = (rest: string) => `/api/v1/accounts/${ACCOUNT}/${rest}`;
export const screenPath = (rest: string) => `/app/accounts/${ACCOUNT}/${rest}`;

export function makeContact(id: number, extra: Partial<Contact> = {}): Contact {
  return {
    id,
    name: `Contact ${id}`,
    email: `contact${id}@example.com`,
    phone_number: null,
    identifier: null,
    thumbnail: '',
    blocked: false,
    additional_attributes: {},
    custom_attributes: {},
    availability_status: 'offline',
    last_activity_at: 1_764_000_000,
    created_at: 1_763_000_000,
    ...extra,
  };
}

export const listReply = (contacts: Contact[], count = contacts.length, page = 1): Reply => ({ body: { meta: { count, current_page: page }, payload: contacts } });

export function makeNote(id: number, extra: Partial<ContactNote> = {}): ContactNote {
  return { id, content: `Note ${id}`, contact_id: 1, user: { id: 1, name: 'Jane Doe', email: 'jane@example.com', thumbnail: '' }, created_at: 1_764_000_000, updated_at: 1_764_000_000, ...extra };
}

export function makeDefinition(key: string, extra: Partial<CustomAttributeDefinition> = {}): CustomAttributeDefinition {
  return {
    id: key.length,
    attribute_display_name: key.replace(/_/g, ' '),
    attribute_display_type: 'text',
    attribute_description: null,
    attribute_key: key,
    attribute_values: [],
    attribute_model: 'contact_attribute',
    regex_pattern: null,
    regex_cue: null,
    default_value: null,
    created_at: '2026-11-01T00:00:00.000Z',
    updated_at: '2026-11-01T00:00:00.000Z',
    ...extra,
  };
}

export const importJob = (extra: Partial<ContactImportJob> = {}): ContactImportJob => ({
  id: 31,
  status: 'queued',
  file_name: 'contacts.csv',
  total_rows: 0,
  processed_rows: 0,
  created: 0,
  updated: 0,
  failed: 0,
  error: null,
  row_errors: [],
  error_report_url: null,
  created_at: '2026-11-25T10:00:00.000Z',
  finished_at: null,
  ...extra,
});

export const exportJob = (extra: Partial<ContactExportJob> = {}): ContactExportJob => ({
  id: 41,
  status: 'queued',
  row_count: 0,
  download_url: null,
  error: null,
  created_at: '2026-11-25T10:00:00.000Z',
  finished_at: null,
  ...extra,
});

type Handler = Reply | ((call: Call) => Reply | Promise<Reply>);
type Scope = 'all' | 'segment' | 'label';
const ROUTES: Record<Scope, string> = {
  all: '/app/accounts/:accountId/contacts',
  segment: '/app/accounts/:accountId/contacts/custom_view/:segmentId',
  label: '/app/accounts/:accountId/labels/:label/contacts',
};

/** Answers every page needs: no custom attribute definitions, the account's labels. */
const common = (): Record<string, Handler> => ({
  [`GET ${at('custom_attribute_definitions?attribute_model=contact_attribute')}`]: { body: [] },
  [`GET ${at('labels')}`]: { body: { payload: [] } },
});

/** The contacts page of `scope` at `path` on the fake API. */
export function openContacts(handlers: Record<string, Handler>, { scope = 'all', path = screenPath('contacts'), account = makeAccount(ACCOUNT) }: { scope?: Scope; path?: string; account?: UserAccount } = {}) {
  const server = fakeApi({ ...common(), ...handlers });
  const view = renderAccountScreen(<ContactsPage scope={scope} />, {
    path,
    account,
    route: ROUTES[scope],
    extraRoutes: [{ path: '/app/accounts/:accountId/contacts/:contactId', element: <p>profile</p> }],
  });
  return { server, ...view };
}

/** The profile of contact `contact` with its notes, labels and conversations (empty unless given). */
export function openProfile(contact: Contact, handlers: Record<string, Handler> = {}, { account = makeAccount(ACCOUNT) }: { account?: UserAccount } = {}) {
  const server = fakeApi({
    ...common(),
    [`GET ${at(`contacts/${contact.id}`)}`]: { body: { payload: contact } },
    [`GET ${at(`contacts/${contact.id}/notes`)}`]: { body: [] },
    [`GET ${at(`contacts/${contact.id}/labels`)}`]: { body: { payload: [] } },
    [`GET ${at(`contacts/${contact.id}/conversations`)}`]: { body: { payload: [] } },
    ...handlers,
  });
  const view = renderAccountScreen(<ContactProfilePage />, {
    path: screenPath(`contacts/${contact.id}`),
    account,
    route: '/app/accounts/:accountId/contacts/:contactId',
    extraRoutes: [{ path: '/app/accounts/:accountId/contacts', element: <p>contacts list</p> }],
  });
  return { server, ...view };
}
