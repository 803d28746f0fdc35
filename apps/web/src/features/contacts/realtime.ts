import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useCableEvent, type CableMessage } from '../../lib/realtime/index.ts';
import { contactKeys, refreshContacts } from './api.ts';

/** How long contact events gather before the lists refetch once (an import sends one per row). */
export const REFRESH_DELAY_MS = 400;
const pending = new WeakMap<QueryClient, ReturnType<typeof setTimeout>>();

function refreshSoon(client: QueryClient, accountId: number) {
  if (pending.has(client)) return;
  pending.set(
    client,
    setTimeout(() => {
      pending.delete(client);
      void refreshContacts(client, accountId);
    }, REFRESH_DELAY_MS),
  );
}

/** A job payload with what its query is keyed and read by (a malformed frame is left out). */
const isJob = (value: { id?: unknown; status?: unknown }) => typeof value.id === 'number' && typeof value.status === 'string';

/**
 * Applies one contacts event to this feature's queries: a contact created, changed or deleted → the lists and the
 * open profiles refetch; an import's progress or an export's readiness → that job's query takes the job as sent.
 * Returns false for other events.
 */
export function applyContactsEvent(client: QueryClient, accountId: number, { event, data }: CableMessage): boolean {
  switch (event) {
    case 'contact.created':
    case 'contact.updated':
    case 'contact.deleted':
      refreshSoon(client, accountId);
      return true;
    case 'contact_import.progress':
      if (isJob(data)) client.setQueryData(contactKeys.importJob(accountId, data.id), data);
      return true;
    case 'contact_export.ready':
      if (isJob(data)) client.setQueryData(contactKeys.exportJob(accountId, data.id), data);
      return true;
    default:
      return false;
  }
}

/** Live updates of the contacts screens (the current account's /cable events). */
export function useContactsRealtime(accountId: number): void {
  const client = useQueryClient();
  useCableEvent((event) => {
    applyContactsEvent(client, accountId, event);
  });
}
