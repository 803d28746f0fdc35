import { readFileSync } from 'node:fs';
import { DEFAULT_PAYMENTS_ACCOUNT_ID, paymentExportFileName } from '@app/shared/payments-constants';
import { expect, signInViaApi, test } from '../../fixtures.ts';
import { WorkspaceSetup } from '../conversations/workspace-setup.ts';

/** A 12-digit UTR unique to this run. */
const utrOf = (stamp: number, n: number) => String(stamp % 1e10).padStart(10, '0') + String(n).padStart(2, '0');

test.describe('[payments] checker view', () => {
  test('S1-1.09 S1-1.05 S1-2.79 S1-9.19 a checker lands on recharges, filters them, marks a withdraw undelivered after confirming, and exports the withdrawals as CSV named by ISO date', async ({ browser, request }) => {
    // The seeded account of a fresh install is account 1, the payments account by default (S1-9.25); other specs
    // may have made another account the administrator's active one.
    const setup = await WorkspaceSetup.signIn(request, undefined, DEFAULT_PAYMENTS_ACCOUNT_ID);
    const stamp = Date.now();
    const inbox = await setup.inbox(`Payments ${stamp}`);
    const checker = await setup.agent('Chen Checker', [inbox], 'checker');
    // Records arrive the way integrators push them: the JSON import, as an administrator.
    await setup.call('POST', 'recharges/import', {
      records: [
        { inbox_id: inbox.id, order_id: `RC-${stamp}-1`, amount: '500.00', status: 'success', utr: utrOf(stamp, 1), customer_name: 'Asha Rao' },
        { inbox_id: inbox.id, order_id: `RC-${stamp}-2`, amount: '750.25', status: 'pending', utr: utrOf(stamp, 2), customer_name: 'Vikram Shah' },
      ],
    });
    await setup.call('POST', 'withdraws/import', {
      records: [
        { inbox_id: inbox.id, order_id: `WD-${stamp}-1`, amount: '1200.50', status: 'success', utr: utrOf(stamp, 3), customer_name: 'Meera Iyer', extras: { bank: 'HDFC' } },
        { inbox_id: inbox.id, order_id: `WD-${stamp}-2`, amount: '90.00', status: 'pending', customer_name: '=HYPERLINK("x")' },
      ],
    });

    const context = await browser.newContext({ acceptDownloads: true });
    const page = await context.newPage();
    await signInViaApi(page, checker);
    await page.goto(`/app/accounts/${setup.accountId}/checker-view`);
    // A checker lands on their inbox, recharge tab (S1-2.79).
    await expect(page).toHaveURL(new RegExp(`/checker-view/${inbox.id}/recharge$`));
    const recharges = page.getByRole('table', { name: 'Recharges' });
    await expect(recharges.getByRole('button', { name: `Open order RC-${stamp}-1` })).toBeVisible();
    await expect(recharges.getByRole('button', { name: `Open order RC-${stamp}-2` })).toBeVisible();

    // Filter: pending recharges only, then by the last digits of a UTR.
    await page.getByRole('combobox', { name: 'Status' }).selectOption('pending');
    await expect(recharges.getByRole('button', { name: `Open order RC-${stamp}-1` })).toHaveCount(0);
    await expect(recharges.getByRole('button', { name: `Open order RC-${stamp}-2` })).toBeVisible();
    await expect(page).toHaveURL(/\?status=pending$/);
    await page.getByRole('combobox', { name: 'Status' }).selectOption('');
    await page.getByRole('textbox', { name: 'UTR' }).fill(utrOf(stamp, 1).slice(-6));
    await page.getByRole('button', { name: 'Search' }).click();
    await expect(recharges.getByRole('button', { name: `Open order RC-${stamp}-2` })).toHaveCount(0);
    await expect(recharges.getByRole('button', { name: `Open order RC-${stamp}-1` })).toBeVisible();

    // Withdrawals: open the successful one and mark it undelivered, after confirming.
    await page.getByRole('tab', { name: 'Withdrawals' }).click();
    await expect(page).toHaveURL(new RegExp(`/checker-view/${inbox.id}/withdraw$`));
    const withdraws = page.getByRole('table', { name: 'Withdrawals' });
    await withdraws.getByRole('button', { name: `Open order WD-${stamp}-1` }).click();
    const panel = page.getByRole('dialog', { name: `Withdrawal WD-${stamp}-1` });
    await expect(panel.getByText('HDFC')).toBeVisible();
    await panel.getByRole('button', { name: 'Mark undelivered' }).click();
    const confirm = page.getByRole('dialog', { name: `Mark undelivered: order WD-${stamp}-1?` });
    await confirm.getByRole('textbox', { name: 'Reason' }).fill('Customer says the money never arrived');
    await confirm.getByRole('button', { name: 'Yes, mark undelivered' }).click();
    await expect(page.getByText(`Order WD-${stamp}-1 is now Undelivered.`)).toBeVisible();
    await expect(panel.getByText('Successful → Undelivered')).toBeVisible();
    await expect(panel.getByText('Customer says the money never arrived')).toBeVisible();
    await panel.getByRole('button', { name: 'Close' }).click();
    await expect(withdraws.getByRole('row').filter({ hasText: `WD-${stamp}-1` })).toContainText('Undelivered');

    // Export: the download is named by ISO date (S1-9.19) and holds the rows, formula cells escaped.
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Export CSV' }).click()]);
    expect(download.suggestedFilename()).toBe(paymentExportFileName('withdraw', new Date()));
    const csv = readFileSync((await download.path())!, 'utf8');
    expect(csv).toContain(`WD-${stamp}-1`);
    expect(csv).toMatch(new RegExp(`WD-${stamp}-1.*undelivered`));
    expect(csv).toContain(`'=HYPERLINK`);
    await expect(page.getByText(`${paymentExportFileName('withdraw', new Date())} saved: 2 rows.`)).toBeVisible();
    await context.close();
  });
});
