import { expect, signInViaApi, test } from '../../fixtures.ts';
import { ConversationPage } from '../conversations/conversation-page.ts';
import { WorkspaceSetup } from '../conversations/workspace-setup.ts';
import { paymentScreenshot } from './payment-screenshot.ts';

// Tesseract reads the image on the server: the first read loads the worker and the English data.
const OCR_TIMEOUT = 60_000;

test.describe('[payments] OCR on a payment screenshot', () => {
  test('S1-1.08 S1-7.34 an agent reads the screenshot a customer sent and sees the UTR and the matching recharge', async ({ page, browser, request }) => {
    test.setTimeout(120_000);
    const setup = await WorkspaceSetup.signIn(request);
    const inboxName = `Payments ${Date.now()}`;
    const inbox = await setup.inbox(inboxName);
    const priya = await setup.agent('Priya Nair', [inbox]);
    const utr = String(Date.now()).slice(-12).padStart(12, '4');
    const orderId = `RC-${utr.slice(-6)}`;

    // the integrator's record of the customer's recharge, pushed as the administrator
    await setup.call('POST', 'recharges/import', {
      records: [{ inbox_id: inbox.id, order_id: orderId, amount: '1250.00', status: 'pending', utr, upi_id: 'asha.k@okaxis', customer_name: 'Asha K' }],
    });

    // the customer writes in, then sends the screenshot of the payment through the inbox's public API
    const conversationId = await setup.conversationFrom(inbox, 'Asha K', 'I paid but my balance did not change');
    const png = await paymentScreenshot(browser, { amount: '1,250.00', utr, upiId: 'asha.k@okaxis', payee: 'Acme Gaming', when: '25 Nov 2026, 02:32 PM' });
    await setup.contactSends(inbox, conversationId, 'Here is the screenshot', { name: 'payment.png', mimeType: 'image/png', buffer: png });

    // the agent opens the conversation and reads the image
    await signInViaApi(page, priya);
    const view = new ConversationPage(page);
    await view.open(setup.accountId, `inbox/${inbox.id}/conversations/${conversationId}`);
    const message = view.message('Here is the screenshot');
    await expect(message.getByRole('img', { name: 'payment.png' })).toBeVisible();
    await message.getByRole('button', { name: 'Read payment details' }).click();

    const panel = page.getByRole('region', { name: 'Payment details read from the screenshot' });
    await expect(panel).toHaveAttribute('data-ocr-state', 'results', { timeout: OCR_TIMEOUT });
    await expect(panel.locator('[data-field="utr"] dd')).toHaveText(utr);
    await expect(panel.locator('[data-field="amount"] dd')).toContainText(/1,?250/);
    const matches = panel.getByRole('list', { name: 'Records matching the screenshot' });
    const row = matches.getByRole('listitem').filter({ hasText: orderId });
    await expect(row).toContainText('Recharge');
    await expect(row).toContainText('pending');
    await expect(row).toContainText(inboxName);
  });
});
