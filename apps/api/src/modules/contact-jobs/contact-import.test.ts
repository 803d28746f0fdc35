import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, asc, eq } from 'drizzle-orm';
import { parse } from 'csv-parse/sync';
import { schema } from '@app/db';
import type { ContactImportJob } from '@app/shared/contact-jobs';
import { buildTestApp, injectMultipart, PNG, type TestContext } from '../../../test/helpers.ts';
import { countRows, createAccountWithAdmin, createContact, createMember } from '../../../test/factories.ts';
import { caller, eventsNamed, importFinished, uploadContacts, url } from './test-fixtures.ts';

let t: TestContext;
let call: ReturnType<typeof caller>;
beforeAll(async () => {
  // a queue prefix of its own, so no other test file's BullMQ worker takes these jobs
  t = await buildTestApp({ JOBS_PREFIX: `contact-import-${process.pid}-${Date.now()}` });
  call = caller(t);
});
afterAll(() => t.close());

async function world() {
  const { account, admin } = await createAccountWithAdmin(t);
  await t.db.insert(schema.labels).values([
    { accountId: account.id, title: 'vip' },
    { accountId: account.id, title: 'lead' },
  ]);
  return { account, admin };
}

const contactsOf = (accountId: number) => t.db.select().from(schema.contacts).where(eq(schema.contacts.accountId, accountId)).orderBy(asc(schema.contacts.id));

async function importCsv(accountId: number, headers: Record<string, string>, csv: string) {
  let job: ContactImportJob | undefined;
  const events = await eventsNamed(t, 'contact_import.progress', async () => {
    const res = await uploadContacts(t, accountId, headers, csv);
    expect(res.statusCode).toBe(202);
    job = await importFinished(t, accountId, headers, res.json().payload.id);
  });
  return { job: job!, events };
}

describe('POST contacts/import', () => {
  it('S1-7.61 takes a multipart import_file and runs it as a job: upserts by email, else phone, else identifier; refused rows reported', async () => {
    const { account, admin } = await world();
    const byEmail = await createContact(t, account.id, { name: 'Old Name', email: 'asha@example.com', customAttributes: { plan: 'free', keep: 'yes' }, labels: ['lead'] });
    const byPhone = await createContact(t, account.id, { name: 'Phone Person', phoneNumber: '+919800000001' });
    const holder = await createContact(t, account.id, { name: 'Holder', phoneNumber: '+919800000099' });
    const taken = await createContact(t, account.id, { name: 'Taken', email: 'taken@example.com' });
    const csv = [
      '\uFEFFName,Email,Phone Number,identifier,company,city,country,labels,plan',
      'Asha Rao,ASHA@example.com,,,Acme,Pune,India,vip,pro',
      'Phoned,,+91 98000 00001,,,,,,',
      'Ident Only,,,crm-7,,,,"vip; lead",',
      'New Person,new@example.com,+14155550100,,,,,,',
      'Bad Email,not-an-email,,,,,,,',
      'Nobody,,,,,,,,',
      'Unknown Label,label@example.com,,,,,,ghost,',
      'Taken Phone,taken@example.com,+919800000099,,,,,,',
      '',
    ].join('\r\n');

    const { job, events } = await importCsv(account.id, admin.headers, csv);
    expect(job).toMatchObject({ status: 'completed', file_name: 'contacts.csv', total_rows: 8, processed_rows: 8, created: 2, updated: 2, failed: 4, error: null });
    expect(job.error_report_url).toBe(`/api/v1/accounts/${account.id}/contacts/imports/${job.id}/errors`);
    expect(job.row_errors).toEqual([
      { row: 6, errors: { email: 'is not a valid email' } },
      { row: 7, errors: { email: "can't be blank without a phone_number or identifier" } },
      { row: 8, errors: { labels: 'ghost is not a label of this account' } },
      { row: 9, errors: { phone_number: 'has already been taken' } },
    ]);

    const rows = await contactsOf(account.id);
    const find = (id: number) => rows.find((r) => r.id === id)!;
    // matched by email (any case): given values overwrite, hashes merge, labels add up
    expect(find(byEmail.id)).toMatchObject({
      name: 'Asha Rao',
      email: 'asha@example.com',
      additionalAttributes: { company_name: 'Acme', city: 'Pune', country: 'India' },
      customAttributes: { plan: 'pro', keep: 'yes' },
      labels: ['lead', 'vip'],
    });
    // matched by the phone number as people type it; the blank cells left the stored values alone
    expect(find(byPhone.id)).toMatchObject({ name: 'Phoned', phoneNumber: '+919800000001', email: null });
    // a row found by its email that brings another contact's phone number changes neither
    expect(find(holder.id)).toMatchObject({ name: 'Holder', email: null });
    expect(find(taken.id)).toMatchObject({ name: 'Taken', phoneNumber: null });
    const created = rows.filter((r) => ![byEmail.id, byPhone.id, holder.id, taken.id].includes(r.id));
    expect(created.map((r) => [r.name, r.email, r.phoneNumber, r.identifier, r.labels])).toEqual([
      ['Ident Only', null, null, 'crm-7', ['lead', 'vip']],
      ['New Person', 'new@example.com', '+14155550100', null, []],
    ]);

    // progress goes to the starter only, and ends with the finished job
    expect(events.length).toBeGreaterThanOrEqual(2);
    for (const e of events) expect(e).toMatchObject({ accountId: account.id, userId: admin.user.id });
    expect(events.at(-1)!.data).toEqual(job);

    const report = await call('GET', url(account.id, `contacts/imports/${job.id}/errors`), admin.headers);
    expect(report.statusCode).toBe(200);
    expect(report.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(report.headers['content-disposition']).toBe(`attachment; filename="contact-import-${job.id}-errors.csv"`);
    const refused = parse(report.body, { columns: true }) as Record<string, string>[];
    expect(refused.map((r) => [r.row, r.name, r.email, r.phone_number, r.errors])).toEqual([
      ['6', 'Bad Email', 'not-an-email', '', 'email: is not a valid email'],
      ['7', 'Nobody', '', '', "email: can't be blank without a phone_number or identifier"],
      ['8', 'Unknown Label', 'label@example.com', '', 'labels: ghost is not a label of this account'],
      // cells are escaped against formula injection here too: a leading + gets an apostrophe
      ['9', 'Taken Phone', 'taken@example.com', "'+919800000099", 'phone_number: has already been taken'],
    ]);
    // the uploaded file is gone once the job finished
    const [stored] = await t.db.select().from(schema.contactImports).where(eq(schema.contactImports.id, job.id));
    expect(await t.app.storage.read(stored!.fileKey)).toBeNull();
    expect(stored!.errorReportKey).not.toBeNull();
  });

  it('writes in batches of 1,000 with a progress event after each; a later row for the same contact wins; the same file again only updates', async () => {
    const { account, admin } = await world();
    const lines = ['email,name,phone_number'];
    for (let i = 0; i < 2_500; i += 1) lines.push(`user${i}@example.com,User ${i},+1415555${String(i).padStart(4, '0')}`);
    lines.push('user7@example.com,Seven Again,');
    const csv = lines.join('\n');
    const first = await importCsv(account.id, admin.headers, csv);
    expect(first.job).toMatchObject({ status: 'completed', total_rows: 2_501, processed_rows: 2_501, created: 2_500, updated: 1, failed: 0, error_report_url: null });
    expect(first.events.map((e) => (e.data as ContactImportJob).processed_rows)).toEqual(expect.arrayContaining([1_000, 2_000, 2_501]));
    const [seven] = await t.db.select().from(schema.contacts).where(and(eq(schema.contacts.accountId, account.id), eq(schema.contacts.email, 'user7@example.com')));
    expect(seven).toMatchObject({ name: 'Seven Again', phoneNumber: '+14155550007' });

    const again = await importCsv(account.id, admin.headers, csv);
    expect(again.job).toMatchObject({ status: 'completed', created: 0, updated: 2_501, failed: 0 });
    expect((await contactsOf(account.id)).length).toBe(2_500);
  });

  it('fails a malformed file as a whole and imports nothing: broken quoting after good rows, no usable header', async () => {
    const { account, admin } = await world();
    const good = Array.from({ length: 1_500 }, (_, i) => `ok${i}@example.com,Fine ${i}`);
    const broken = ['email,name', ...good, 'bad@example.com,"unclosed quote', 'after@example.com,After'].join('\n');
    const first = await importCsv(account.id, admin.headers, broken);
    expect(first.job).toMatchObject({ status: 'failed', created: 0, updated: 0, processed_rows: 0 });
    expect(first.job.error).toMatch(/^The file is not valid CSV: /);
    expect(first.events.at(-1)!.data).toMatchObject({ status: 'failed' });

    const noHandle = await importCsv(account.id, admin.headers, 'name,company\nAsha,Acme\n');
    expect(noHandle.job).toMatchObject({ status: 'failed', error: 'The file has no header row naming an email, phone_number or identifier column.' });
    expect((await contactsOf(account.id)).length).toBe(0);
  });

  it('refuses at upload (422 on import_file, nothing stored) a missing, empty or binary file', async () => {
    const { account, admin } = await world();
    const before = await countRows(t, schema.contactImports);
    const missing = await injectMultipart(t.app, 'POST', url(account.id, 'contacts/import'), admin.headers, { note: 'no file' });
    const json = await call('POST', url(account.id, 'contacts/import'), admin.headers, {});
    const empty = await uploadContacts(t, account.id, admin.headers, '');
    const binary = await uploadContacts(t, account.id, admin.headers, PNG, 'x.png');
    const notFile = await injectMultipart(t.app, 'POST', url(account.id, 'contacts/import'), admin.headers, { import_file: 'email\na@b.co' });
    for (const res of [missing, json, empty, binary, notFile]) {
      expect(res.statusCode).toBe(422);
      expect(res.json().errors).toHaveProperty('import_file');
    }
    expect(missing.json().errors.import_file).toEqual(["can't be blank"]);
    expect(binary.json().errors.import_file).toEqual(['is not a CSV file (expected UTF-8 text)']);
    expect(await countRows(t, schema.contactImports)).toBe(before);
  });

  it('answers 401 signed out, 403 for an agent, 404 for another account and for a member who did not start the import', async () => {
    const { account, admin } = await world();
    const other = await world();
    const agent = await createMember(t, account.id, 'agent');
    const [role] = await t.db.insert(schema.customRoles).values({ accountId: account.id, name: 'Contacts', permissions: ['contact_manage'] }).returning();
    const manager = await createMember(t, account.id, 'agent', { customRoleId: role!.id });
    const before = await countRows(t, schema.contactImports);

    expect((await uploadContacts(t, account.id, {}, 'email\na@example.com\n')).statusCode).toBe(401);
    expect((await uploadContacts(t, account.id, agent.headers, 'email\na@example.com\n')).statusCode).toBe(403);
    expect((await uploadContacts(t, account.id, other.admin.headers, 'email\na@example.com\n')).statusCode).toBe(404);
    expect(await countRows(t, schema.contactImports)).toBe(before);

    // a contact_manage member imports; the account's administrator sees the job, another account and other members do not
    const { job } = await importCsv(account.id, manager.headers, 'email\nmanaged@example.com\nbad\n');
    expect(job).toMatchObject({ status: 'completed', created: 1, failed: 1 });
    for (const path of [`contacts/imports/${job.id}`, `contacts/imports/${job.id}/errors`]) {
      expect((await call('GET', url(account.id, path), admin.headers)).statusCode).toBe(200);
      expect((await call('GET', url(account.id, path), undefined)).statusCode).toBe(401);
      expect((await call('GET', url(account.id, path), agent.headers)).statusCode).toBe(403);
      expect((await call('GET', url(other.account.id, path), other.admin.headers)).statusCode).toBe(404);
    }
    const { job: adminJob } = await importCsv(account.id, admin.headers, 'email\nadmins@example.com\n');
    expect((await call('GET', url(account.id, `contacts/imports/${adminJob.id}`), manager.headers)).statusCode).toBe(404);
    expect((await call('GET', url(account.id, 'contacts/imports/nope'), admin.headers)).statusCode).toBe(404);
  });
});
