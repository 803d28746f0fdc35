import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'csv-parse/sync';
import { schema } from '@app/db';
import type { ContactExportJob } from '@app/shared/contact-jobs';
import { buildTestApp, type TestContext } from '../../../test/helpers.ts';
import { countRows, createAccountWithAdmin, createContact, createMember } from '../../../test/factories.ts';
import { caller, eventsNamed, exportFinished, url } from './test-fixtures.ts';

let t: TestContext;
let call: ReturnType<typeof caller>;
beforeAll(async () => {
  t = await buildTestApp({ JOBS_PREFIX: `contact-export-${process.pid}-${Date.now()}` });
  call = caller(t);
});
afterAll(() => t.close());

async function exportContacts(accountId: number, headers: Record<string, string>, body: object = {}) {
  let job: ContactExportJob | undefined;
  const events = await eventsNamed(t, 'contact_export.ready', async () => {
    const res = await call('POST', url(accountId, 'contacts/export'), headers, body);
    expect(res.statusCode).toBe(202);
    expect(res.json().payload).toMatchObject({ status: 'queued', row_count: 0, download_url: null });
    job = await exportFinished(t, accountId, headers, res.json().payload.id);
  });
  return { job: job!, events };
}

const today = () => new Date().toISOString().slice(0, 10);

describe('POST contacts/export', () => {
  it('S1-7.64 exports every contact to a stored CSV, announces contact_export.ready and mails the link; cells are escaped against formula injection', async () => {
    const { account, admin } = await createAccountWithAdmin(t);
    const other = await createAccountWithAdmin(t);
    await createContact(t, other.account.id, { name: 'Not Mine', email: 'foreign@example.com' });
    const a = await createContact(t, account.id, { name: '=HYPERLINK("http://evil","x")', email: 'a@example.com', labels: ['vip', 'lead'], additionalAttributes: { company_name: 'Acme, Inc.', city: 'Pune' } });
    const b = await createContact(t, account.id, { name: '@SUM(1+1)', phoneNumber: '+14155550100', identifier: '-2+3' });
    const c = await createContact(t, account.id, { name: 'Plain "Quoted" Name', identifier: 'crm-1' });
    t.mailer.clear();

    const { job, events } = await exportContacts(account.id, admin.headers);
    expect(job).toMatchObject({ status: 'completed', row_count: 3, error: null, download_url: `/api/v1/accounts/${account.id}/contacts/exports/${job.id}/download` });
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({ userId: admin.user.id, accountId: account.id });
    expect(events[0]!.data).toEqual(job);
    const mail = t.mailer.last(admin.user.email);
    expect(mail?.subject).toBe('Your contacts export is ready');
    expect(mail?.text).toContain(`http://localhost:3000/api/v1/accounts/${account.id}/contacts/exports/${job.id}/download`);

    const res = await call('GET', url(account.id, `contacts/exports/${job.id}/download`), admin.headers);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe(`attachment; filename="contacts-${today()}.csv"`);
    const lines = res.body.split('\r\n');
    expect(lines[0]).toBe('id,name,email,phone_number,identifier,company,city,country,labels,created_at,last_activity_at');
    expect(lines[1]).toBe(`${a.id},"'=HYPERLINK(""http://evil"",""x"")",a@example.com,,,"Acme, Inc.",Pune,,"vip, lead",${a.createdAt.toISOString()},`);
    expect(lines[2]).toBe(`${b.id},'@SUM(1+1),,'+14155550100,'-2+3,,,,,${b.createdAt.toISOString()},`);
    const rows = parse(res.body, { columns: true }) as Record<string, string>[];
    expect(rows.map((r) => r.id)).toEqual([String(a.id), String(b.id), String(c.id)]);
    expect(rows[2]!.name).toBe('Plain "Quoted" Name');
  });

  it('exports only the contacts of a filter, a label or a search, with the chosen columns', async () => {
    const { account, admin } = await createAccountWithAdmin(t);
    const vip = await createContact(t, account.id, { name: 'Vera VIP', email: 'vera@example.com', labels: ['vip'], additionalAttributes: { city: 'Delhi' } });
    await createContact(t, account.id, { name: 'Lars Lead', email: 'lars@example.com', labels: ['lead'], additionalAttributes: { city: 'Pune' } });

    const byLabel = await exportContacts(account.id, admin.headers, { label: 'VIP', column_names: ['email', 'name'] });
    const body = (await call('GET', url(account.id, `contacts/exports/${byLabel.job.id}/download`), admin.headers)).body;
    expect(body).toBe('email,name\r\nvera@example.com,Vera VIP\r\n');

    const bySearch = await exportContacts(account.id, admin.headers, { q: 'lars@', column_names: ['name'] });
    expect(bySearch.job.row_count).toBe(1);
    expect((await call('GET', url(account.id, `contacts/exports/${bySearch.job.id}/download`), admin.headers)).body).toBe('name\r\nLars Lead\r\n');

    const byFilter = await exportContacts(account.id, admin.headers, {
      payload: [{ attribute_key: 'city', filter_operator: 'equal_to', values: ['Delhi'], query_operator: null }],
      column_names: ['id'],
    });
    expect((await call('GET', url(account.id, `contacts/exports/${byFilter.job.id}/download`), admin.headers)).body).toBe(`id\r\n${vip.id}\r\n`);
  });

  it('answers 422 for a filter that does not compile or an unknown column, and writes nothing', async () => {
    const { account, admin } = await createAccountWithAdmin(t);
    const before = await countRows(t, schema.contactExports);
    const badRow = await call('POST', url(account.id, 'contacts/export'), admin.headers, {
      payload: [{ attribute_key: 'no_such_attribute', filter_operator: 'equal_to', values: ['x'], query_operator: null }],
    });
    expect(badRow.statusCode).toBe(422);
    expect(Object.keys(badRow.json().errors)[0]).toMatch(/^payload\.0\./);
    const badColumn = await call('POST', url(account.id, 'contacts/export'), admin.headers, { column_names: ['password'] });
    expect(badColumn.statusCode).toBe(422);
    expect(Object.keys(badColumn.json().errors)[0]).toMatch(/^column_names/);
    expect(await countRows(t, schema.contactExports)).toBe(before);
  });

  it('answers 401 signed out, 403 for an agent, 404 for another account and for a member who did not ask for the export', async () => {
    const { account, admin } = await createAccountWithAdmin(t);
    const other = await createAccountWithAdmin(t);
    const agent = await createMember(t, account.id, 'agent');
    const [role] = await t.db.insert(schema.customRoles).values({ accountId: account.id, name: 'Contacts', permissions: ['contact_manage'] }).returning();
    const manager = await createMember(t, account.id, 'agent', { customRoleId: role!.id });
    const before = await countRows(t, schema.contactExports);
    expect((await call('POST', url(account.id, 'contacts/export'), undefined, {})).statusCode).toBe(401);
    expect((await call('POST', url(account.id, 'contacts/export'), agent.headers, {})).statusCode).toBe(403);
    expect((await call('POST', url(account.id, 'contacts/export'), other.admin.headers, {})).statusCode).toBe(404);
    expect(await countRows(t, schema.contactExports)).toBe(before);

    const { job } = await exportContacts(account.id, manager.headers);
    for (const path of [`contacts/exports/${job.id}`, `contacts/exports/${job.id}/download`]) {
      expect((await call('GET', url(account.id, path), admin.headers)).statusCode).toBe(200);
      expect((await call('GET', url(account.id, path), undefined)).statusCode).toBe(401);
      expect((await call('GET', url(account.id, path), agent.headers)).statusCode).toBe(403);
      expect((await call('GET', url(other.account.id, path), other.admin.headers)).statusCode).toBe(404);
    }
    const { job: adminJob } = await exportContacts(account.id, admin.headers);
    expect((await call('GET', url(account.id, `contacts/exports/${adminJob.id}/download`), manager.headers)).statusCode).toBe(404);
  });
});
