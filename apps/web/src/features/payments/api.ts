import { z } from 'zod';
import { keepPreviousData, useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import {
  PaymentImportJobPayloadSchema,
  PaymentListSchema,
  PaymentRecordDetailSchema,
  PaymentRecordPayloadSchema,
  WithdrawIssueListSchema,
  WithdrawIssueSchema,
  type PaymentImportJob,
  type WithdrawIssue,
} from '@app/shared/payments';
import { paymentExportFileName, type PaymentKind, type RechargeStatus, type WithdrawIssueStatus, type WithdrawStatus } from '@app/shared/payments-constants';
import { api } from '../../lib/api-client.ts';
import { downloadCsv, type DownloadProgress } from '../../lib/download.ts';
import { retryUnlessClientError } from '../../lib/server-errors.ts';

/*
 * Every call of the checker view goes to the payments account (S1-7.26, S1-9.25: account 1 unless the
 * installation says otherwise), whatever the account in the URL; `accountId` below is always that one.
 */

const IssuePayloadSchema = z.object({ payload: WithdrawIssueSchema });

const accountBase = (accountId: number) => `/api/v1/accounts/${accountId}`;
export const recordsPath = (accountId: number, kind: PaymentKind) => `${accountBase(accountId)}/${kind}s`;

/** How often the lists are refreshed when no live update can reach them (the payments account is not the current one). */
export const POLL_WITHOUT_LIVE_MS = 30_000;

export const paymentKeys = {
  all: ['payments'] as const,
  account: (accountId: number) => [...paymentKeys.all, accountId] as const,
  lists: (accountId: number) => [...paymentKeys.account(accountId), 'list'] as const,
  list: (accountId: number, kind: PaymentKind, query: string) => [...paymentKeys.lists(accountId), kind, query] as const,
  details: (accountId: number) => [...paymentKeys.account(accountId), 'detail'] as const,
  detail: (accountId: number, kind: PaymentKind, id: number) => [...paymentKeys.details(accountId), kind, id] as const,
  issues: (accountId: number) => [...paymentKeys.account(accountId), 'issues'] as const,
  issueList: (accountId: number, query: string) => [...paymentKeys.issues(accountId), query] as const,
  importJob: (accountId: number, id: number) => [...paymentKeys.account(accountId), 'import', id] as const,
};

/** After a change: the lists and the open record refetch (nothing is patched optimistically). */
export const refreshRecords = (client: QueryClient, accountId: number) =>
  Promise.all([client.invalidateQueries({ queryKey: paymentKeys.lists(accountId) }), client.invalidateQueries({ queryKey: paymentKeys.details(accountId) })]);

export const refreshIssues = (client: QueryClient, accountId: number) => client.invalidateQueries({ queryKey: paymentKeys.issues(accountId) });

/** GET withdraws|recharges?… (S1-7.27, S1-7.29): a page of records, newest first; the page stays while the next loads. */
export function useRecordList(accountId: number, kind: PaymentKind, query: string, live: boolean) {
  return useQuery({
    queryKey: paymentKeys.list(accountId, kind, query),
    queryFn: ({ signal }) => api(`${recordsPath(accountId, kind)}?${query}`, { schema: PaymentListSchema, signal }),
    placeholderData: keepPreviousData,
    retry: retryUnlessClientError,
    refetchInterval: live ? false : POLL_WITHOUT_LIVE_MS,
  });
}

/** GET withdraws|recharges/:id: the record with its status history. */
export function useRecordDetail(accountId: number, kind: PaymentKind, id: number | null) {
  return useQuery({
    queryKey: paymentKeys.detail(accountId, kind, id ?? 0),
    enabled: id !== null,
    queryFn: async ({ signal }) => (await api(`${recordsPath(accountId, kind)}/${id}`, { schema: PaymentRecordDetailSchema, signal })).payload,
    retry: retryUnlessClientError,
  });
}

export type WithdrawStatusInput = { order_id: string; inbox: number; status: WithdrawStatus; utr?: string; reason?: string };
export type RechargeStatusInput = { inbox?: number; order_id?: string; utr?: string; upi_id?: string; status: RechargeStatus; reason?: string };

/** PATCH withdraws/update_status_by_order_id_undelivered (S1-7.28); the lists refetch after it, success or not. */
export function useUpdateWithdrawStatus(accountId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: WithdrawStatusInput) =>
      api(`${recordsPath(accountId, 'withdraw')}/update_status_by_order_id_undelivered`, { method: 'PATCH', body: input, schema: PaymentRecordPayloadSchema }),
    // A 409 means the row moved on elsewhere: the refetch shows where it is now.
    onSettled: () => refreshRecords(client, accountId),
  });
}

/** PATCH recharges/update_by_utr_upi (S1-7.30): by order id (with the inbox), else UTR, else UPI id. */
export function useUpdateRecharge(accountId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: RechargeStatusInput) => api(`${recordsPath(accountId, 'recharge')}/update_by_utr_upi`, { method: 'PATCH', body: input, schema: PaymentRecordPayloadSchema }),
    onSettled: () => refreshRecords(client, accountId),
  });
}

/**
 * GET withdraws|recharges/export?max_count=10000&… (S1-7.31, S1-7.32) read as a stream, saved under the
 * server's name (withdraws-2026-11-25.csv, S1-9.19/9.20); the name of today is the fallback.
 */
export function exportRecords(accountId: number, kind: PaymentKind, query: string, onProgress: (progress: DownloadProgress) => void, signal?: AbortSignal) {
  return downloadCsv(`${recordsPath(accountId, kind)}/export?${query}`, { onProgress, signal, fallbackName: paymentExportFileName(kind, new Date()) });
}

/** POST withdraws|recharges/import with a CSV `file` (administrators): answers the import job (202). */
export function useStartImport(accountId: number, kind: PaymentKind) {
  return useMutation({
    mutationFn: async ({ file, inboxId }: { file: File; inboxId: number | null }): Promise<PaymentImportJob> => {
      const form = new FormData();
      form.append('file', file);
      if (inboxId !== null) form.append('inbox_id', String(inboxId));
      return (await api(`${recordsPath(accountId, kind)}/import`, { method: 'POST', body: form, schema: PaymentImportJobPayloadSchema })).payload;
    },
  });
}

const IMPORT_DONE: readonly PaymentImportJob['status'][] = ['completed', 'failed'];
export const importFinished = (job: PaymentImportJob | undefined) => job !== undefined && IMPORT_DONE.includes(job.status);

/**
 * GET payment_imports/:id. payment_import.progress events fill it as batches land (realtime.ts); polling is the
 * fallback, slow while those events can arrive and quick when they cannot, and stops once the job is done.
 */
export function useImportJob(accountId: number, job: PaymentImportJob | null, live: boolean) {
  return useQuery({
    queryKey: paymentKeys.importJob(accountId, job?.id ?? 0),
    enabled: job !== null,
    initialData: job ?? undefined,
    queryFn: async ({ signal }) => (await api(`${accountBase(accountId)}/payment_imports/${job!.id}`, { schema: PaymentImportJobPayloadSchema, signal })).payload,
    refetchInterval: (query) => (importFinished(query.state.data) ? false : live ? 5_000 : 1_500),
    retry: retryUnlessClientError,
  });
}

/** The CSV of an import's rejected rows, with the reasons (GET payment_imports/:id/errors). */
export function downloadImportErrors(accountId: number, job: PaymentImportJob) {
  const path = job.error_report_url?.startsWith('/') ? job.error_report_url : `${accountBase(accountId)}/payment_imports/${job.id}/errors`;
  return downloadCsv(path, { fallbackName: `${job.kind}s-import-${job.id}-errors.csv` });
}

/** GET withdraw_issues?… : 25 a page. */
export function useIssueList(accountId: number, query: string, live: boolean) {
  return useQuery({
    queryKey: paymentKeys.issueList(accountId, query),
    queryFn: ({ signal }) => api(`${accountBase(accountId)}/withdraw_issues?${query}`, { schema: WithdrawIssueListSchema, signal }),
    placeholderData: keepPreviousData,
    retry: retryUnlessClientError,
    refetchInterval: live ? false : POLL_WITHOUT_LIVE_MS,
  });
}

/** PATCH withdraw_issues/:id: resolve (with a note) or reopen. */
export function useUpdateIssue(accountId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, status, note }: { id: number; status: WithdrawIssueStatus; note?: string }): Promise<WithdrawIssue> => {
      const body = note ? { status, resolution_note: note } : { status };
      const { payload } = await api(`${accountBase(accountId)}/withdraw_issues/${id}`, { method: 'PATCH', body, schema: IssuePayloadSchema });
      return payload;
    },
    onSettled: () => refreshIssues(client, accountId),
  });
}
