import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { PaymentImportJob } from '@app/shared/payments';
import { useCableEvent, type CableMessage } from '../../lib/realtime/index.ts';
import { paymentKeys, refreshIssues, refreshRecords } from './api.ts';

/** The job as its query holds it (a malformed frame is left out). */
const isImportJob = (value: { id?: unknown; status?: unknown; processed_rows?: unknown }): value is PaymentImportJob =>
  typeof value.id === 'number' && typeof value.status === 'string' && typeof value.processed_rows === 'number';

const isWatched = (client: QueryClient, queryKey: readonly unknown[]) => (client.getQueryCache().find({ queryKey, exact: true })?.getObserversCount() ?? 0) > 0;

/**
 * Applies one payments event to the checker view's queries (docs/payments.md): a record changed → the lists
 * and the open record refetch (a changed status may move a row out of a filtered page, so nothing is patched
 * in place); an issue created or changed → the issue lists refetch; an import's progress → that job's query
 * takes the job as sent, and a finished import refreshes the lists. Returns false for other events.
 */
export function applyPaymentsEvent(client: QueryClient, accountId: number, { event, data }: CableMessage): boolean {
  switch (event) {
    case 'payment_record.updated':
      void refreshRecords(client, accountId);
      return true;
    case 'withdraw_issue.created':
    case 'withdraw_issue.updated':
      void refreshIssues(client, accountId);
      return true;
    case 'payment_import.progress':
      if (!isImportJob(data)) return true;
      client.setQueryData(paymentKeys.importJob(accountId, data.id), data);
      // A CSV job announces its batches, not each record. An open import dialog watches its job and refreshes
      // the lists when it ends; with the dialog closed, nobody watches, so the lists refresh here.
      if (data.status === 'completed' && !isWatched(client, paymentKeys.importJob(accountId, data.id))) void refreshRecords(client, accountId);
      return true;
    default:
      return false;
  }
}

/**
 * Live updates of the checker view. /cable carries the current account's events only, so they apply when
 * the payments account is the current one (`live`); otherwise the lists poll (api.ts).
 */
export function usePaymentsRealtime(accountId: number, live: boolean): void {
  const client = useQueryClient();
  useCableEvent((event) => {
    if (live) applyPaymentsEvent(client, accountId, event);
  });
}
