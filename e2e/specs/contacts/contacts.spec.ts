import { readFileSync } from 'node:fs';
import { expect, signInViaApi, test } from '../../fixtures.ts';
import { WorkspaceSetup } from '../conversations/workspace-setup.ts';
import { ContactsPage } from './contacts-page.ts';

type Contact = { id: number; name: string; email: string | null; phone_number: string | null };

test.describe('[contacts] contacts CRM', () => {
  test('S1-7.60 S1-7.65 S1-7.66 an agent opens a contact, adds a note and a label, and merges a duplicate after its preview', async ({ browser, request }) => {
    const setup = await WorkspaceSetup.signIn(request);
    const stamp = Date.now();
    const label = `vip${stamp % 1_000_000}`;
    await setup.call('POST', 'labels', { title: label, color: '#e5484d', description: '', show_on_sidebar: true });
    const inbox = await setup.inbox(`Contacts ${stamp}`);
    const agent = await setup.agent('Casey Contacts', [inbox]);
    // The customer writes in through the inbox; the same person was also entered by hand with a phone number.
    const customer = `Dana Customer ${stamp}`;
    // Phone numbers are unique in an account: a retry of this test on the same server needs its own.
    const phone = `+1415555${String(stamp % 10_000).padStart(4, '0')}`;
    const conversationId = await setup.conversationFrom(inbox, customer, 'Hello, I cannot log in');
    const duplicate = await setup.call<{ payload: { contact: Contact } }>('POST', 'contacts', { name: `Dana Duplicate ${stamp}`, phone_number: phone, additional_attributes: { company_name: 'Northwind' } });

    const context = await browser.newContext();
    const page = await context.newPage();
    await signInViaApi(page, agent);
    const contacts = new ContactsPage(page, setup.accountId);
    await contacts.openList();
    await contacts.search(`Dana Customer ${stamp}`);
    await contacts.openContact(customer);
    // The customer's conversation is listed and links to it.
    await expect(page.getByRole('link', { name: new RegExp(`Conversation #${conversationId}`) })).toHaveAttribute('href', new RegExp(`/conversations/${conversationId}$`));

    await contacts.addNote('Locked out after the password reset; escalated to tier 2.');
    await contacts.addLabel(label);

    const dialog = await contacts.pickDuplicate(`Dana Duplicate ${stamp}`, `Dana Duplicate ${stamp}`);
    const preview = dialog.getByRole('region', { name: 'The contact after the merge' });
    // The kept contact takes the duplicate's phone number and company; the labels stay.
    await expect(preview.getByText(phone)).toBeVisible();
    await expect(preview.getByText('Northwind')).toBeVisible();
    await expect(preview.getByText(label)).toBeVisible();
    await dialog.getByRole('button', { name: 'Merge contacts' }).click();
    await expect(page.getByText(`Dana Duplicate ${stamp} was merged into ${customer}.`)).toBeVisible();
    await expect(page.getByRole('textbox', { name: 'Company' })).toHaveValue('Northwind');

    // The duplicate is gone; the note and the label stayed with the customer.
    const found = await setup.call<{ payload: Contact[] }>('GET', `contacts/search?q=${encodeURIComponent(`Dana Duplicate ${stamp}`)}`);
    expect(found.payload).toHaveLength(0);
    expect(duplicate.payload.contact.id).toBeGreaterThan(0);
    await page.reload();
    await expect(page.getByRole('list', { name: 'Notes' }).getByText('Locked out after the password reset')).toBeVisible();
    await expect(page.getByRole('list', { name: 'Labels' }).getByText(label)).toBeVisible();
    await context.close();
  });

  test('S1-7.61 S1-7.64 an administrator imports a 1,000-row CSV, watches its progress, then exports the imported contacts', async ({ browser, request }) => {
    const setup = await WorkspaceSetup.signIn(request);
    const stamp = Date.now();
    const rows = ['name,email,phone_number,company,city,country'];
    for (let i = 1; i <= 1000; i++) rows.push(`Imported ${i},imp${stamp}.${i}@example.com,,Import Co,Leeds,United Kingdom`);
    // A row with nothing to match on is refused and reported, not imported.
    rows.push('Nobody,,,,,');

    const context = await browser.newContext({ acceptDownloads: true });
    const page = await context.newPage();
    await signInViaApi(page);
    const contacts = new ContactsPage(page, setup.accountId);
    await contacts.openList();
    await page.getByRole('button', { name: 'Import' }).click();
    const dialog = page.getByRole('dialog', { name: 'Import contacts' });
    await dialog.getByLabel('CSV file').setInputFiles({ name: `contacts-${stamp}.csv`, mimeType: 'text/csv', buffer: Buffer.from(rows.join('\n')) });
    await dialog.getByRole('button', { name: 'Import' }).click();
    const bar = dialog.getByRole('progressbar', { name: 'Import progress' });
    await expect(bar).toBeVisible();
    await expect(dialog.getByText('1,000 created, 0 updated, 1 refused.')).toBeVisible({ timeout: 60_000 });
    await expect(bar).toHaveAttribute('aria-valuetext', 'Import complete');
    await expect(dialog.getByRole('button', { name: 'Download the refused rows with their reasons' })).toBeVisible();
    await dialog.getByRole('button', { name: 'Close', exact: true }).last().click();

    // The list shows them; the export takes the current search.
    await contacts.search(`imp${stamp}`);
    await expect(page.getByText('1–15 of 1,000')).toBeVisible();
    await page.getByRole('button', { name: 'Export' }).click();
    await expect(page.getByText('Export ready: 1,000 contacts.')).toBeVisible({ timeout: 30_000 });
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Download CSV' }).click()]);
    expect(download.suggestedFilename()).toMatch(/^contacts-\d{4}-\d{2}-\d{2}\.csv$/);
    const csv = readFileSync((await download.path())!, 'utf8');
    expect(csv.trim().split('\n')).toHaveLength(1001);
    expect(csv).toContain(`imp${stamp}.1000@example.com`);
    await context.close();
  });
});
