import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { cableBus } from '../../../lib/realtime/cable-bus.ts';
import { makeAccount } from '../../../test/fixtures.ts';
import { ACCOUNT, at, exportJob, importJob, listReply, makeContact, openContacts, screenPath } from '../testing/contacts-testing.tsx';

const base = 'page=1&sort=-last_activity_at&include_contact_inboxes=false';
const ALL = `GET ${at(`contacts?${base}`)}`;

/** What the browser was asked to save (jsdom has no object URLs). */
function captureDownloads() {
  const saved: string[] = [];
  URL.createObjectURL = () => 'blob:test/1';
  URL.revokeObjectURL = () => {};
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    saved.push(this.download);
  });
  return saved;
}

let saved: string[];
beforeEach(() => {
  saved = captureDownloads();
});
afterEach(() => vi.restoreAllMocks());

describe('contacts list', () => {
  it('S1-2.69 S1-7.55 lists contacts with their details, sorts by a column and pages through the list', async () => {
    const ann = makeContact(1, { name: 'Ann Lee', phone_number: '+14155550100', additional_attributes: { company_name: 'Acme', city: 'Paris', country: 'France' } });
    const { server, router } = openContacts({
      [ALL]: listReply([ann, makeContact(2)], 32),
      [`GET ${at('contacts?page=1&sort=name&include_contact_inboxes=false')}`]: listReply([ann], 32),
      [`GET ${at('contacts?page=2&sort=name&include_contact_inboxes=false')}`]: listReply([makeContact(16)], 32, 2),
    });
    const table = await screen.findByRole('table', { name: 'Contacts' });
    const row = within(table).getByRole('row', { name: /Ann Lee/ });
    for (const text of ['contact1@example.com', '+14155550100', 'Acme', 'Paris', 'France']) expect(within(row).getByText(text)).toBeInTheDocument();
    expect(within(row).getByRole('link', { name: 'Ann Lee' })).toHaveAttribute('href', screenPath('contacts/1'));
    expect(screen.getByText('1–15 of 32')).toBeInTheDocument();

    await userEvent.click(within(table).getByRole('button', { name: 'Sort by Name' }));
    await waitFor(() => expect(server.called(`GET ${at('contacts?page=1&sort=name&include_contact_inboxes=false')}`)).toHaveLength(1));
    expect(router.state.location.search).toBe('?sort=name');
    expect(await screen.findByRole('columnheader', { name: /Name/ })).toHaveAttribute('aria-sort', 'ascending');
    await userEvent.click(screen.getByRole('button', { name: 'Next page' }));
    await waitFor(() => expect(server.called(`GET ${at('contacts?page=2&sort=name&include_contact_inboxes=false')}`)).toHaveLength(1));
    expect(await screen.findByText('Contact 16')).toBeInTheDocument();
    expect(screen.getByText('Page 2 of 3')).toBeInTheDocument();
  });

  it('a page past the end (an old link) moves on to the last page', async () => {
    const { router } = openContacts(
      {
        [`GET ${at('contacts?page=9&sort=-last_activity_at&include_contact_inboxes=false')}`]: listReply([], 20, 9),
        [`GET ${at('contacts?page=2&sort=-last_activity_at&include_contact_inboxes=false')}`]: listReply([makeContact(16)], 20, 2),
      },
      { path: screenPath('contacts?page=9') },
    );
    expect(await screen.findByText('Contact 16')).toBeInTheDocument();
    expect(router.state.location.search).toBe('?page=2');
  });

  it('S1-7.56 a search asks contacts/search with q and says when nothing matches', async () => {
    const { server, router } = openContacts({
      [ALL]: listReply([makeContact(1)]),
      [`GET ${at(`contacts/search?${base}&q=ann`)}`]: listReply([makeContact(3, { name: 'Ann Lee' })]),
      [`GET ${at(`contacts/search?${base}&q=zzz`)}`]: listReply([]),
    });
    const box = await screen.findByRole('searchbox', { name: 'Search contacts' });
    await userEvent.type(box, 'ann{Enter}');
    expect(await screen.findByText('Ann Lee')).toBeInTheDocument();
    expect(router.state.location.search).toBe('?q=ann');
    expect(server.called(`GET ${at(`contacts/search?${base}&q=ann`)}`)).toHaveLength(1);
    await userEvent.clear(box);
    await userEvent.type(box, 'zzz{Enter}');
    expect(await screen.findByText('No contacts match “zzz”')).toBeInTheDocument();
  });

  it('shows the empty state for an account without contacts, and the error state with a retry', async () => {
    let fail = true;
    openContacts({ [ALL]: () => (fail ? { status: 500, body: { error: 'boom' } } : listReply([])) });
    expect(await screen.findByText('We could not load the contacts.', {}, { timeout: 4000 })).toBeInTheDocument();
    fail = false;
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('No contacts yet')).toBeInTheDocument();
  });

  it('S1-7.57 the filter (shared builder) runs contact filter rows through contacts/filter, puts a 422 at its row, and saves the rows as a segment', async () => {
    const rows = [{ attribute_key: 'city', filter_operator: 'contains', values: ['Paris'], query_operator: null }];
    let invalid = true;
    const { server, router } = openContacts({
      [ALL]: listReply([makeContact(1)]),
      [`POST ${at('contacts/filter?page=1')}`]: () =>
        invalid ? { status: 422, body: { message: 'Payload.0.values is too long', errors: { 'payload.0.values': ['is too long'] } } } : listReply([makeContact(5, { name: 'Paris Person' })]),
      [`POST ${at('custom_filters')}`]: (call) => ({ body: { id: 9, name: 'Parisians', filter_type: 'contact', query: (call.body as { custom_filter: { query: unknown } }).custom_filter.query, created_at: '2026-11-25T10:00:00.000Z', updated_at: '2026-11-25T10:00:00.000Z' } }),
    });
    await screen.findByText('Contact 1');
    await userEvent.click(screen.getByRole('button', { name: 'Filter' }));
    const dialog = await screen.findByRole('dialog', { name: 'Filter contacts' });
    await userEvent.selectOptions(within(dialog).getByRole('combobox', { name: 'Condition 1: Attribute' }), 'standard:city');
    await userEvent.selectOptions(within(dialog).getByRole('combobox', { name: 'Condition 1: Operator' }), 'contains');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Apply filters' }));
    // The builder refuses an empty value before asking the server.
    expect(server.called(`POST ${at('contacts/filter?page=1')}`)).toHaveLength(0);
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Condition 1: Value' }), 'Paris');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Apply filters' }));
    expect(await within(dialog).findByText('Value is too long')).toBeInTheDocument();
    expect(router.state.location.search).toBe('');

    invalid = false;
    await userEvent.click(within(dialog).getByRole('button', { name: 'Apply filters' }));
    expect(await screen.findByText('Paris Person')).toBeInTheDocument();
    expect(server.called(`POST ${at('contacts/filter?page=1')}`)[1]!.body).toEqual({ payload: rows });
    // The dialog's answer is the list's first page: not asked twice.
    expect(server.called(`POST ${at('contacts/filter?page=1')}`)).toHaveLength(2);
    // Filtered results cannot be sorted by the list's sort.
    expect(screen.getByRole('combobox', { name: 'Sort by' })).toBeDisabled();

    await userEvent.click(screen.getByRole('button', { name: 'Save as segment' }));
    const save = await screen.findByRole('dialog', { name: 'Save this filter as a segment' });
    await userEvent.type(within(save).getByRole('textbox', { name: 'Segment name' }), 'Parisians');
    await userEvent.click(within(save).getByRole('button', { name: 'Save as segment' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(screenPath('contacts/custom_view/9')));
    expect(server.called(`POST ${at('custom_filters')}`)[0]!.body).toEqual({ custom_filter: { name: 'Parisians', filter_type: 'contact', query: { payload: rows } } });
  });

  it('S1-2.70 a segment runs its saved rows through contacts/filter and can be deleted', async () => {
    const rows = [{ attribute_key: 'company', filter_operator: 'equal_to', values: ['Acme'], query_operator: null }];
    const { server, router } = openContacts(
      {
        [`GET ${at('custom_filters?filter_type=contact')}`]: { body: [{ id: 4, name: 'Acme people', filter_type: 'contact', query: { payload: rows }, created_at: '2026-11-25T10:00:00.000Z', updated_at: '2026-11-25T10:00:00.000Z' }] },
        [`POST ${at('contacts/filter?page=1')}`]: listReply([makeContact(8, { name: 'Acme Buyer' })]),
        [`DELETE ${at('custom_filters/4')}`]: { body: {} },
      },
      { scope: 'segment', path: screenPath('contacts/custom_view/4') },
    );
    expect(await screen.findByRole('heading', { name: 'Segment: Acme people' })).toBeInTheDocument();
    expect(await screen.findByText('Acme Buyer')).toBeInTheDocument();
    expect(server.called(`POST ${at('contacts/filter?page=1')}`)[0]!.body).toEqual({ payload: rows });
    await userEvent.click(screen.getByRole('button', { name: 'Delete segment' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Yes' }));
    await waitFor(() => expect(server.called(`DELETE ${at('custom_filters/4')}`)).toHaveLength(1));
    await waitFor(() => expect(router.state.location.pathname).toBe(screenPath('contacts')));
  });

  it('a segment that is not among the user\'s segments says so', async () => {
    openContacts({ [`GET ${at('custom_filters?filter_type=contact')}`]: { body: [] } }, { scope: 'segment', path: screenPath('contacts/custom_view/12') });
    expect(await screen.findByText('This segment does not exist (any more).')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'All contacts' })).toHaveAttribute('href', screenPath('contacts'));
  });

  it('S1-2.71 a label page lists the contacts carrying it', async () => {
    const path = `GET ${at(`contacts?${base}&label=vip`)}`;
    const { server } = openContacts({ [path]: listReply([makeContact(2, { name: 'Vip Person' })]) }, { scope: 'label', path: screenPath('labels/vip/contacts') });
    expect(await screen.findByText('Vip Person')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Contacts tagged vip' })).toBeInTheDocument();
    expect(server.called(path)).toHaveLength(1);
  });

  it('an agent sees neither import nor export (administrators and contact_manage only)', async () => {
    openContacts({ [ALL]: listReply([makeContact(1)]) }, { account: makeAccount(ACCOUNT, 'agent') });
    await screen.findByText('Contact 1');
    expect(screen.queryByRole('button', { name: 'Import' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Export' })).toBeNull();
  });
});

describe('import and export', () => {
  it('S1-7.61 S1-5.44 an import sends import_file as multipart; contact_import.progress moves the bar; counts, refused rows and the report follow', async () => {
    const { server } = openContacts({
      [ALL]: listReply([makeContact(1)]),
      [`POST ${at('contacts/import')}`]: { status: 202, body: { payload: importJob() } },
      [`GET ${at('contacts/imports/31')}`]: { body: { payload: importJob() } },
      [`GET ${at('contacts/imports/31/errors')}`]: { raw: 'row,errors\n7,email is not a valid email\n', headers: { 'Content-Type': 'text/csv', 'Content-Disposition': 'attachment; filename="contacts-import-31-errors.csv"' } },
    });
    await screen.findByText('Contact 1');
    await userEvent.click(screen.getByRole('button', { name: 'Import' }));
    const dialog = await screen.findByRole('dialog', { name: 'Import contacts' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Import' }));
    expect(within(dialog).getByText('Choose a CSV file')).toBeInTheDocument();
    await userEvent.upload(within(dialog).getByLabelText('CSV file'), new File(['name,email\nAnn,ann@example.com\n'], 'contacts.csv', { type: 'text/csv' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Import' }));
    const sent = server.called(`POST ${at('contacts/import')}`)[0]!;
    expect((sent.form!.get('import_file') as File).name).toBe('contacts.csv');
    const bar = await within(dialog).findByRole('progressbar', { name: 'Import progress' });
    expect(bar).toHaveAttribute('aria-valuetext', 'Waiting to start…');

    act(() => cableBus.emitEvent({ event: 'contact_import.progress', data: importJob({ status: 'running', total_rows: 1000, processed_rows: 400, created: 400 }), seq: 1 }));
    await waitFor(() => expect(bar).toHaveAttribute('aria-valuetext', '400 of 1,000 rows'));
    expect(bar).toHaveAttribute('aria-valuenow', '400');
    act(() =>
      cableBus.emitEvent({
        event: 'contact_import.progress',
        data: importJob({ status: 'completed', total_rows: 1000, processed_rows: 1000, created: 990, updated: 9, failed: 1, row_errors: [{ row: 7, errors: { email: 'is not a valid email' } }], error_report_url: at('contacts/imports/31/errors'), finished_at: '2026-11-25T10:01:00.000Z' }),
        seq: 2,
      }),
    );
    expect(await within(dialog).findByText('990 created, 9 updated, 1 refused.')).toBeInTheDocument();
    expect(within(dialog).getByText('Row 7: email is not a valid email')).toBeInTheDocument();
    // The list refreshes once the import is done.
    await waitFor(() => expect(server.called(ALL).length).toBeGreaterThanOrEqual(2));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Download the refused rows with their reasons' }));
    await waitFor(() => expect(saved).toEqual(['contacts-import-31-errors.csv']));
  });

  it('without live events the import is polled until done; a refused file is said under the field', async () => {
    const answers = [importJob({ status: 'running', total_rows: 10, processed_rows: 5 }), importJob({ status: 'completed', total_rows: 10, processed_rows: 10, created: 10 })];
    let refuse = true;
    openContacts({
      [ALL]: listReply([makeContact(1)]),
      [`POST ${at('contacts/import')}`]: () => (refuse ? { status: 422, body: { message: 'Import file is not a CSV file', errors: { import_file: ['is not a CSV file'] } } } : { status: 202, body: { payload: importJob() } }),
      [`GET ${at('contacts/imports/31')}`]: () => ({ body: { payload: answers.length > 1 ? answers.shift()! : answers[0]! } }),
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Import' }));
    const dialog = await screen.findByRole('dialog', { name: 'Import contacts' });
    await userEvent.upload(within(dialog).getByLabelText('CSV file'), new File(['x'], 'contacts.csv', { type: 'text/csv' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Import' }));
    expect(await within(dialog).findByText('CSV file is not a CSV file')).toBeInTheDocument();
    refuse = false;
    await userEvent.click(within(dialog).getByRole('button', { name: 'Import' }));
    expect(await within(dialog).findByText('10 created, 0 updated, 0 refused.', {}, { timeout: 5000 })).toBeInTheDocument();
  });

  it('S1-7.64 an export sends the current search, shows its progress, then the download link from contact_export.ready', async () => {
    const { server } = openContacts(
      {
        [`GET ${at(`contacts/search?${base}&q=ann`)}`]: listReply([makeContact(3, { name: 'Ann Lee' })]),
        [`POST ${at('contacts/export')}`]: { status: 202, body: { payload: exportJob() } },
        [`GET ${at('contacts/exports/41')}`]: { body: { payload: exportJob({ status: 'running' }) } },
        [`GET ${at('contacts/exports/41/download')}`]: { raw: 'id,name\n3,Ann Lee\n', headers: { 'Content-Type': 'text/csv', 'Content-Disposition': 'attachment; filename="contacts-2026-11-25.csv"' } },
      },
      { path: screenPath('contacts?q=ann') },
    );
    await screen.findByText('Ann Lee');
    await userEvent.click(screen.getByRole('button', { name: 'Export' }));
    expect(await screen.findByRole('progressbar', { name: 'Export progress' })).toBeInTheDocument();
    expect(server.called(`POST ${at('contacts/export')}`)[0]!.body).toEqual({ q: 'ann' });
    act(() => cableBus.emitEvent({ event: 'contact_export.ready', data: exportJob({ status: 'completed', row_count: 1, download_url: at('contacts/exports/41/download'), finished_at: '2026-11-25T10:00:05.000Z' }), seq: 3 }));
    expect(await screen.findByText('Export ready: 1 contacts.')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Download CSV' }));
    await waitFor(() => expect(saved).toEqual(['contacts-2026-11-25.csv']));
  });
});
