import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import type { PaymentImportJob } from '@app/shared/payments';
import { cableBus } from '../../../lib/realtime/cable-bus.ts';
import { makeAccount } from '../../../test/fixtures.ts';
import { ACCOUNT, at, listReply, makeRecord, openCheckerView, screenPath } from '../testing/checker-view-testing.tsx';

const encoder = new TextEncoder();

/** A CSV answer the test feeds chunk by chunk, as a server streaming rows would. */
function streamedCsv(fileName: string) {
  let push!: (text: string) => void;
  let end!: () => void;
  const stream = new ReadableStream<Uint8Array>({
    start(controller) {
      push = (text) => controller.enqueue(encoder.encode(text));
      end = () => controller.close();
    },
  });
  return { reply: { raw: stream, headers: { 'Content-Type': 'text/csv; charset=utf-8', 'Content-Disposition': `attachment; filename="${fileName}"` } }, push: (text: string) => push(text), end: () => end() };
}

/** What the browser was asked to save: the blob and the download's name (jsdom has no object URLs). */
function captureDownloads() {
  const saved: { name: string; blob: Blob }[] = [];
  const blobs = new Map<string, Blob>();
  URL.createObjectURL = (blob: Blob) => {
    const url = `blob:test/${blobs.size + 1}`;
    blobs.set(url, blob as Blob);
    return url;
  };
  URL.revokeObjectURL = () => {};
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    saved.push({ name: this.download, blob: blobs.get(this.href)! });
  });
  return saved;
}

/** A saved blob's text (jsdom's Blob has no text()). */
const textOf = (blob: Blob) =>
  new Promise<string>((resolve) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.readAsText(blob);
  });

let saved: { name: string; blob: Blob }[];
beforeEach(() => {
  saved = captureDownloads();
});
afterEach(() => {
  vi.restoreAllMocks();
});

describe('export', () => {
  it('S1-7.31 S1-9.19 S1-9.07 the withdraw export is sent with max_count 10000 and the filters, shows rows received of the expected count, and is saved under its ISO-date name', async () => {
    const csv = streamedCsv('withdraws-2026-11-25.csv');
    const exportPath = `GET ${at('withdraws/export?max_count=10000&inbox_id=3&status=success')}`;
    const { server } = openCheckerView(
      { [`GET ${at('withdraws?inbox_id=3&status=success&page=1&per_page=25')}`]: listReply([makeRecord(1, 'withdraw', { status: 'success' })], { count: 3 }), [exportPath]: csv.reply },
      { path: screenPath('checker-view/3/withdraw?status=success') },
    );
    await userEvent.click(await screen.findByRole('button', { name: 'Export CSV' }));
    expect(server.called(exportPath)).toHaveLength(1);
    expect(server.called(exportPath)[0]!.headers.Accept).toBe('text/csv');
    act(() => csv.push('id,order_id,amount\n1,ORD-1,"1,200.50"\n2,ORD-'));
    const bar = await screen.findByRole('progressbar', { name: 'Exporting…' });
    await waitFor(() => expect(bar).toHaveAttribute('aria-valuetext', '1 of 3 rows'));
    expect(bar).toHaveAttribute('aria-valuemax', '3');
    act(() => csv.push('2,"multi\nline"\n3,ORD-3,5\n'));
    await waitFor(() => expect(bar).toHaveAttribute('aria-valuetext', '3 of 3 rows'));
    act(() => csv.end());
    expect(await screen.findByText('withdraws-2026-11-25.csv saved: 3 rows.')).toBeInTheDocument();
    expect(saved).toHaveLength(1);
    expect(saved[0]!.name).toBe('withdraws-2026-11-25.csv');
    expect(await textOf(saved[0]!.blob)).toContain('1,ORD-1,"1,200.50"');
    expect(screen.getByRole('button', { name: 'Export CSV' })).toBeEnabled();
  });

  it('S1-1.06 S1-7.32 S1-9.20 the recharge list exports: the recharge export is sent with max_count 10000 and saved under its ISO-date name', async () => {
    const exportPath = `GET ${at('recharges/export?max_count=10000')}`;
    const { server } = openCheckerView({
      [`GET ${at('recharges?page=1&per_page=25')}`]: listReply([makeRecord(1)], { count: 12_000, count_capped: true }),
      [exportPath]: { raw: 'id,order_id\n1,ORD-1\n', headers: { 'Content-Type': 'text/csv', 'Content-Disposition': 'attachment; filename="recharges-2026-11-25.csv"' } },
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Export CSV' }));
    expect(await screen.findByText('recharges-2026-11-25.csv saved: 1 row.')).toBeInTheDocument();
    // More rows than one export holds: said so.
    expect(screen.getByText('Exports hold at most 10,000 rows: narrow the filters to get the rest.')).toBeInTheDocument();
    expect(server.called(exportPath)).toHaveLength(1);
    expect(saved.map((file) => file.name)).toEqual(['recharges-2026-11-25.csv']);
  });

  it('a failed export says so and saves nothing', async () => {
    openCheckerView({
      [`GET ${at('recharges?page=1&per_page=25')}`]: listReply([makeRecord(1)]),
      [`GET ${at('recharges/export?max_count=10000')}`]: { status: 500, body: { error: 'boom' } },
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Export CSV' }));
    expect(await screen.findByText('The export failed. Please try again.')).toBeInTheDocument();
    expect(saved).toHaveLength(0);
  });

  it('an export can be stopped: nothing is saved and no error is shown', async () => {
    const csv = streamedCsv('recharges-2026-11-25.csv');
    openCheckerView({ [`GET ${at('recharges?page=1&per_page=25')}`]: listReply([makeRecord(1)]), [`GET ${at('recharges/export?max_count=10000')}`]: csv.reply });
    await userEvent.click(await screen.findByRole('button', { name: 'Export CSV' }));
    act(() => csv.push('id\n1\n'));
    await userEvent.click(await screen.findByRole('button', { name: 'Stop the export' }));
    act(() => csv.push('2\n'));
    expect(await screen.findByRole('button', { name: 'Export CSV' })).toBeInTheDocument();
    expect(saved).toHaveLength(0);
    expect(screen.queryByText('The export failed. Please try again.')).toBeNull();
  });
});

const job = (extra: Partial<PaymentImportJob> = {}): PaymentImportJob => ({
  id: 12,
  kind: 'withdraw',
  status: 'queued',
  file_name: 'payouts.csv',
  total_rows: 0,
  processed_rows: 0,
  created: 0,
  updated: 0,
  unchanged: 0,
  failed: 0,
  error: null,
  error_report_url: null,
  created_at: '2026-11-25T10:00:00.000Z',
  finished_at: null,
  ...extra,
});

describe('import', () => {
  const list = { [`GET ${at('withdraws?inbox_id=3&page=1&per_page=25')}`]: listReply([makeRecord(1, 'withdraw')]) };
  const upload = async () => {
    await userEvent.click(await screen.findByRole('button', { name: 'Import CSV' }));
    const dialog = await screen.findByRole('dialog', { name: 'Import withdrawals from CSV' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Upload and import' }));
    expect(within(dialog).getByText('Choose a CSV file')).toBeInTheDocument();
    await userEvent.upload(within(dialog).getByLabelText('CSV file'), new File(['order_id,amount\nA-1,10\n'], 'payouts.csv', { type: 'text/csv' }));
    expect(within(dialog).getByRole('combobox', { name: 'Inbox of rows without inbox_id' })).toHaveValue('3');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Upload and import' }));
    return dialog;
  };

  it('an administrator uploads a CSV (multipart file and inbox_id); payment_import.progress moves the bar; the counts and the rejected rows follow', async () => {
    const { server } = openCheckerView(
      {
        ...list,
        [`POST ${at('withdraws/import')}`]: { status: 202, body: { payload: job() } },
        [`GET ${at('payment_imports/12')}`]: { body: { payload: job() } },
        [`GET ${at('payment_imports/12/errors')}`]: { raw: 'order_id,reason\nB-2,amount is not a number\n', headers: { 'Content-Type': 'text/csv', 'Content-Disposition': 'attachment; filename="import-12-errors.csv"' } },
      },
      { path: screenPath('checker-view/3/withdraw') },
    );
    const dialog = await upload();
    const sent = server.called(`POST ${at('withdraws/import')}`)[0]!;
    expect((sent.form!.get('file') as File).name).toBe('payouts.csv');
    expect(sent.form!.get('inbox_id')).toBe('3');
    const bar = await within(dialog).findByRole('progressbar', { name: 'Import progress' });
    expect(bar).toHaveAttribute('aria-valuetext', 'Waiting to start…');

    act(() => cableBus.emitEvent({ event: 'payment_import.progress', data: job({ status: 'running', total_rows: 4000, processed_rows: 1000, created: 1000 }), seq: 1 }));
    await waitFor(() => expect(bar).toHaveAttribute('aria-valuetext', '1,000 of 4,000 rows imported'));
    expect(bar).toHaveAttribute('aria-valuenow', '1000');

    act(() =>
      cableBus.emitEvent({
        event: 'payment_import.progress',
        data: job({ status: 'completed', total_rows: 4000, processed_rows: 4000, created: 3000, updated: 900, unchanged: 99, failed: 1, error_report_url: at('payment_imports/12/errors'), finished_at: '2026-11-25T10:01:00.000Z' }),
        seq: 2,
      }),
    );
    expect(await within(dialog).findByText('3,000 created, 900 updated, 99 unchanged, 1 rejected.')).toBeInTheDocument();
    await waitFor(() => expect(server.called(`GET ${at('withdraws?inbox_id=3&page=1&per_page=25')}`)).toHaveLength(2));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Download the rejected rows' }));
    await waitFor(() => expect(saved.map((file) => file.name)).toEqual(['import-12-errors.csv']));
    expect(await textOf(saved[0]!.blob)).toContain('B-2,amount is not a number');
  });

  it('without live events (payments in another account) the job is polled until it is done', async () => {
    const answers = [job({ status: 'running', total_rows: 10, processed_rows: 5 }), job({ status: 'completed', total_rows: 10, processed_rows: 10, created: 10 })];
    const { server } = openCheckerView(
      {
        [`GET ${at('withdraws?inbox_id=3&page=1&per_page=25', 1)}`]: listReply([makeRecord(1, 'withdraw')]),
        [`POST ${at('withdraws/import', 1)}`]: { status: 202, body: { payload: job() } },
        [`GET ${at('payment_imports/12', 1)}`]: () => ({ body: { payload: answers.length > 1 ? answers.shift()! : answers[0]! } }),
      },
      { path: screenPath('checker-view/3/withdraw', 2), account: makeAccount(2), otherAccounts: [makeAccount(1)], paymentsAccountId: 1 },
    );
    const dialog = await upload();
    expect(await within(dialog).findByText('10 created, 0 updated, 0 unchanged, 0 rejected.', {}, { timeout: 5000 })).toBeInTheDocument();
    expect(server.called(`GET ${at('payment_imports/12', 1)}`).length).toBeGreaterThanOrEqual(2);
    expect(within(dialog).queryByRole('button', { name: 'Download the rejected rows' })).toBeNull();
  });

  it('a file the server refuses (422) is said under the field', async () => {
    openCheckerView(
      { ...list, [`POST ${at('withdraws/import')}`]: { status: 422, body: { message: 'File must be a CSV with order_id and amount columns', errors: { file: ['must be a CSV with order_id and amount columns'] } } } },
      { path: screenPath('checker-view/3/withdraw') },
    );
    const dialog = await upload();
    expect(await within(dialog).findByText('CSV file must be a CSV with order_id and amount columns')).toBeInTheDocument();
  });

  it('only administrators of the payments account are offered the import', async () => {
    openCheckerView({ ...list }, { path: screenPath('checker-view/3/withdraw'), account: makeAccount(ACCOUNT, 'agent') });
    await screen.findByRole('table', { name: 'Withdrawals' });
    expect(screen.queryByRole('button', { name: 'Import CSV' })).toBeNull();
  });
});
