import { z } from 'zod';
import { keepPreviousData, useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import {
  ContactLabelsSchema,
  ContactListSchema,
  ContactMergeResponseSchema,
  ContactNoteListSchema,
  ContactNoteSchema,
  ContactResponseSchema,
  type Contact,
  type ContactList,
  type ContactNote,
} from '@app/shared/contacts';
import {
  ContactExportJobPayloadSchema,
  ContactImportJobPayloadSchema,
  type ContactExportBody,
  type ContactExportJob,
  type ContactImportJob,
} from '@app/shared/contact-jobs';
import { CustomAttributeDefinitionSchema } from '@app/shared/custom-attributes';
import { CustomFilterSchema, type FilterQuery } from '@app/shared/custom-filters';
import { api } from '../../lib/api-client.ts';
import { downloadCsv } from '../../lib/download.ts';
import { retryUnlessClientError } from '../../lib/server-errors.ts';
import { shellKeys, useFolders } from '../../app/shell/api.ts';
import { updateContact, type ContactPatch } from './contact-update.ts';
import type { ListRequest } from './utils/list-query.ts';

export const accountBase = (accountId: number) => `/api/v1/accounts/${accountId}`;
const contactsPath = (accountId: number) => `${accountBase(accountId)}/contacts`;

export const contactKeys = {
  all: ['contacts'] as const,
  account: (accountId: number) => [...contactKeys.all, accountId] as const,
  lists: (accountId: number) => [...contactKeys.account(accountId), 'list'] as const,
  list: (accountId: number, request: ListRequest) => [...contactKeys.lists(accountId), request] as const,
  details: (accountId: number) => [...contactKeys.account(accountId), 'detail'] as const,
  detail: (accountId: number, id: number) => [...contactKeys.details(accountId), id] as const,
  notes: (accountId: number, id: number) => [...contactKeys.detail(accountId, id), 'notes'] as const,
  labels: (accountId: number, id: number) => [...contactKeys.detail(accountId, id), 'labels'] as const,
  conversations: (accountId: number, id: number) => [...contactKeys.detail(accountId, id), 'conversations'] as const,
  attributes: (accountId: number) => [...contactKeys.account(accountId), 'attribute-definitions'] as const,
  importJob: (accountId: number, id: number) => [...contactKeys.account(accountId), 'import', id] as const,
  exportJob: (accountId: number, id: number) => [...contactKeys.account(accountId), 'export', id] as const,
};

/** After a change to contacts: every list and the open profiles refetch (a change may move a row out of a page). */
export const refreshContacts = (client: QueryClient, accountId: number) =>
  Promise.all([client.invalidateQueries({ queryKey: contactKeys.lists(accountId) }), client.invalidateQueries({ queryKey: contactKeys.details(accountId) })]);

// --- the list

/** The request behind one page of the list (GET contacts, GET contacts/search or POST contacts/filter). */
export function fetchContactPage(accountId: number, request: ListRequest, signal?: AbortSignal): Promise<ContactList> {
  const query = new URLSearchParams({ page: String(request.page) });
  if (request.kind === 'filter') {
    return api(`${contactsPath(accountId)}/filter?${query}`, { method: 'POST', body: { payload: request.payload }, schema: ContactListSchema, signal });
  }
  query.set('sort', request.sort);
  query.set('include_contact_inboxes', 'false');
  if (request.kind === 'search') {
    query.set('q', request.q);
    return api(`${contactsPath(accountId)}/search?${query}`, { schema: ContactListSchema, signal });
  }
  if (request.kind === 'label') query.set('label', request.label);
  return api(`${contactsPath(accountId)}?${query}`, { schema: ContactListSchema, signal });
}

/** One page of contacts; the page stays on screen while the next loads. */
export function useContactList(accountId: number, request: ListRequest | null) {
  return useQuery({
    queryKey: contactKeys.list(accountId, request ?? { kind: 'all', page: 0, sort: '-last_activity_at' }),
    enabled: request !== null,
    queryFn: ({ signal }) => fetchContactPage(accountId, request!, signal),
    // A page just fetched (the filter dialog runs its filter first) is not asked again at once; events invalidate.
    staleTime: 5_000,
    placeholderData: keepPreviousData,
    retry: retryUnlessClientError,
  });
}

// --- segments (custom filters of filter_type contact; the sidebar lists them through the shell's query)

export const segmentsKey = (accountId: number) => shellKeys.folders(accountId, 'contact');

/**
 * The saved segment the contacts/custom_view/{id} route runs through the filter: there is no GET custom_filters/{id},
 * so it is found in the user's segments (the sidebar's query, GET custom_filters?filter_type=contact); null when it
 * is not there (deleted, or another member's).
 */
export function useSegment(accountId: number, id: number | null) {
  const segments = useFolders(accountId, 'contact', id !== null);
  const segment = id === null ? undefined : segments.data?.find((filter) => filter.id === id);
  return { segment: segments.data ? (segment ?? null) : undefined, isError: segments.isError, refetch: segments.refetch };
}

/** POST custom_filters {name, filter_type: contact, query}. */
export function useSaveSegment(accountId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ name, query }: { name: string; query: FilterQuery }) =>
      api(`${accountBase(accountId)}/custom_filters`, { method: 'POST', body: { custom_filter: { name, filter_type: 'contact', query } }, schema: CustomFilterSchema }),
    onSuccess: () => client.invalidateQueries({ queryKey: segmentsKey(accountId) }),
  });
}

/** DELETE custom_filters/{id}. */
export function useDeleteSegment(accountId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api(`${accountBase(accountId)}/custom_filters/${id}`, { method: 'DELETE' }),
    onSuccess: () => client.invalidateQueries({ queryKey: segmentsKey(accountId) }),
  });
}

// --- one contact

export function useContact(accountId: number, id: number) {
  return useQuery({
    queryKey: contactKeys.detail(accountId, id),
    queryFn: async ({ signal }) => (await api(`${contactsPath(accountId)}/${id}`, { schema: ContactResponseSchema, signal })).payload,
    retry: retryUnlessClientError,
  });
}

/** PATCH contacts/{id}: the answer replaces the cached profile; the lists refetch. 422s reach the caller. */
export function useUpdateContact(accountId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: ContactPatch }): Promise<Contact> => updateContact(accountId, id, body),
    onSuccess: (contact) => {
      client.setQueryData(contactKeys.detail(accountId, contact.id), contact);
      void client.invalidateQueries({ queryKey: contactKeys.lists(accountId) });
    },
  });
}

/** PATCH contacts/{id} as multipart with `avatar` (PNG, JPEG, GIF or WebP, at most 4 MB). */
export function useUploadContactAvatar(accountId: number, id: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (file: File): Promise<Contact> => {
      const form = new FormData();
      form.append('avatar', file);
      return (await api(`${contactsPath(accountId)}/${id}`, { method: 'PATCH', body: form, schema: ContactResponseSchema })).payload;
    },
    onSuccess: (contact) => {
      client.setQueryData(contactKeys.detail(accountId, id), contact);
      void client.invalidateQueries({ queryKey: contactKeys.lists(accountId) });
    },
  });
}

/** DELETE contacts/{id}/avatar. */
export function useDeleteContactAvatar(accountId: number, id: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (): Promise<Contact> => (await api(`${contactsPath(accountId)}/${id}/avatar`, { method: 'DELETE', schema: ContactResponseSchema })).payload,
    onSuccess: (contact) => {
      client.setQueryData(contactKeys.detail(accountId, id), contact);
      void client.invalidateQueries({ queryKey: contactKeys.lists(accountId) });
    },
  });
}

/** DELETE contacts/{id} (administrators and contact_manage). */
export function useDeleteContact(accountId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api(`${contactsPath(accountId)}/${id}`, { method: 'DELETE' }),
    onSuccess: (_, id) => {
      client.removeQueries({ queryKey: contactKeys.detail(accountId, id) });
      void client.invalidateQueries({ queryKey: contactKeys.lists(accountId) });
    },
  });
}

/** GET custom_attribute_definitions?attribute_model=contact_attribute: what custom attributes a contact may carry. */
export function useContactAttributeDefinitions(accountId: number) {
  return useQuery({
    queryKey: contactKeys.attributes(accountId),
    staleTime: 5 * 60_000,
    queryFn: ({ signal }) => api(`${accountBase(accountId)}/custom_attribute_definitions?attribute_model=contact_attribute`, { schema: z.array(CustomAttributeDefinitionSchema), signal }),
  });
}

/** POST contacts/{id}/destroy_custom_attributes {custom_attributes: [keys]}. */
export function useDestroyCustomAttributes(accountId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, keys }: { id: number; keys: string[] }): Promise<Contact> =>
      (await api(`${contactsPath(accountId)}/${id}/destroy_custom_attributes`, { method: 'POST', body: { custom_attributes: keys }, schema: ContactResponseSchema })).payload,
    onSuccess: (contact) => client.setQueryData(contactKeys.detail(accountId, contact.id), contact),
  });
}

// --- notes

export function useContactNotes(accountId: number, id: number) {
  return useQuery({
    queryKey: contactKeys.notes(accountId, id),
    queryFn: ({ signal }) => api(`${contactsPath(accountId)}/${id}/notes`, { schema: ContactNoteListSchema, signal }),
    retry: retryUnlessClientError,
  });
}

export function useAddNote(accountId: number, id: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (content: string): Promise<ContactNote> => api(`${contactsPath(accountId)}/${id}/notes`, { method: 'POST', body: { content }, schema: ContactNoteSchema }),
    onSuccess: (note) => client.setQueryData<ContactNote[]>(contactKeys.notes(accountId, id), (notes) => [note, ...(notes ?? []).filter((n) => n.id !== note.id)]),
  });
}

export function useDeleteNote(accountId: number, id: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (noteId: number) => api(`${contactsPath(accountId)}/${id}/notes/${noteId}`, { method: 'DELETE' }),
    onSuccess: (_, noteId) => client.setQueryData<ContactNote[]>(contactKeys.notes(accountId, id), (notes) => notes?.filter((n) => n.id !== noteId)),
  });
}

// --- labels

export function useContactLabels(accountId: number, id: number | null) {
  return useQuery({
    queryKey: contactKeys.labels(accountId, id ?? 0),
    enabled: id !== null,
    queryFn: async ({ signal }) => (await api(`${contactsPath(accountId)}/${id}/labels`, { schema: ContactLabelsSchema, signal })).payload,
    retry: retryUnlessClientError,
  });
}

/** POST contacts/{id}/labels {labels}: the whole set (Chatwoot replaces it). */
export function useSetContactLabels(accountId: number, id: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (labels: string[]) => (await api(`${contactsPath(accountId)}/${id}/labels`, { method: 'POST', body: { labels }, schema: ContactLabelsSchema })).payload,
    onSuccess: (labels) => {
      client.setQueryData(contactKeys.labels(accountId, id), labels);
      void client.invalidateQueries({ queryKey: contactKeys.lists(accountId) });
    },
  });
}

// --- conversations

/** The fields of a conversation the profile lists (GET contacts/{id}/conversations answers whole conversations). */
const ContactConversationSchema = z.object({
  id: z.number().int(),
  inbox_id: z.number().int(),
  status: z.string(),
  last_activity_at: z.number().int(),
  messages: z.array(z.object({ content: z.string().nullable().optional() }).loose()),
});
export type ContactConversation = z.infer<typeof ContactConversationSchema>;

export function useContactConversations(accountId: number, id: number) {
  return useQuery({
    queryKey: contactKeys.conversations(accountId, id),
    queryFn: async ({ signal }) =>
      (await api(`${contactsPath(accountId)}/${id}/conversations`, { schema: z.object({ payload: z.array(ContactConversationSchema.loose()) }), signal })).payload,
    retry: retryUnlessClientError,
  });
}

// --- merge

/** POST actions/contact_merge: the base contact stays (with everything of the mergee), the mergee is deleted. */
export function useMergeContacts(accountId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ baseId, mergeeId }: { baseId: number; mergeeId: number }): Promise<Contact> =>
      api(`${accountBase(accountId)}/actions/contact_merge`, { method: 'POST', body: { base_contact_id: baseId, mergee_contact_id: mergeeId }, schema: ContactMergeResponseSchema }),
    onSuccess: (base, { mergeeId }) => {
      client.removeQueries({ queryKey: contactKeys.detail(accountId, mergeeId) });
      client.setQueryData(contactKeys.detail(accountId, base.id), base);
      void refreshContacts(client, accountId);
    },
  });
}

/** GET contacts/search for the merge dialog's picker: the first page of matches. */
export const searchContacts = async (accountId: number, q: string, signal?: AbortSignal) =>
  (await fetchContactPage(accountId, { kind: 'search', q, page: 1, sort: 'name' }, signal)).payload;

// --- import

/** POST contacts/import, multipart `import_file`: answers the job at once (202). */
export function useStartImport(accountId: number) {
  return useMutation({
    mutationFn: async (file: File): Promise<ContactImportJob> => {
      const form = new FormData();
      form.append('import_file', file);
      return (await api(`${contactsPath(accountId)}/import`, { method: 'POST', body: form, schema: ContactImportJobPayloadSchema })).payload;
    },
  });
}

const DONE: readonly ContactImportJob['status'][] = ['completed', 'failed'];
export const jobFinished = (job: { status: ContactImportJob['status'] } | undefined) => job !== undefined && DONE.includes(job.status);

/**
 * GET contacts/imports/{id}. contact_import.progress events fill it (realtime.ts); polling is the fallback,
 * slow while the socket is up and quick when it is not, and stops once the job is done.
 */
export function useImportJob(accountId: number, job: ContactImportJob | null, live: boolean) {
  return useQuery({
    queryKey: contactKeys.importJob(accountId, job?.id ?? 0),
    enabled: job !== null,
    initialData: job ?? undefined,
    queryFn: async ({ signal }) => (await api(`${contactsPath(accountId)}/imports/${job!.id}`, { schema: ContactImportJobPayloadSchema, signal })).payload,
    refetchInterval: (query) => (jobFinished(query.state.data) ? false : live ? 5_000 : 1_500),
    retry: retryUnlessClientError,
  });
}

/** The CSV of the refused rows with their reasons (GET contacts/imports/{id}/errors). */
export function downloadImportErrors(accountId: number, job: ContactImportJob) {
  const path = job.error_report_url?.startsWith('/') ? job.error_report_url : `${contactsPath(accountId)}/imports/${job.id}/errors`;
  return downloadCsv(path, { fallbackName: `contacts-import-${job.id}-errors.csv` });
}

// --- export

/** POST contacts/export with what the list shows (filter rows, a label or a search): answers the job (202). */
export function useStartExport(accountId: number) {
  return useMutation({
    mutationFn: async (body: ContactExportBody): Promise<ContactExportJob> =>
      (await api(`${contactsPath(accountId)}/export`, { method: 'POST', body, schema: ContactExportJobPayloadSchema })).payload,
  });
}

/** GET contacts/exports/{id}, polled until done; contact_export.ready fills it sooner (realtime.ts). */
export function useExportJob(accountId: number, job: ContactExportJob | null, live: boolean) {
  return useQuery({
    queryKey: contactKeys.exportJob(accountId, job?.id ?? 0),
    enabled: job !== null,
    initialData: job ?? undefined,
    queryFn: async ({ signal }) => (await api(`${contactsPath(accountId)}/exports/${job!.id}`, { schema: ContactExportJobPayloadSchema, signal })).payload,
    refetchInterval: (query) => (jobFinished(query.state.data) ? false : live ? 5_000 : 1_500),
    retry: retryUnlessClientError,
  });
}

/** The finished export's CSV (contacts-YYYY-MM-DD.csv), fetched with the session headers and saved. */
export function downloadExport(accountId: number, job: ContactExportJob) {
  const path = job.download_url?.startsWith('/') ? job.download_url : `${contactsPath(accountId)}/exports/${job.id}/download`;
  return downloadCsv(path, { fallbackName: `contacts-${new Date().toISOString().slice(0, 10)}.csv` });
}
