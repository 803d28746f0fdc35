import type { Browser } from '@playwright/test';

export type Payment = { amount: string; utr: string; upiId: string; payee: string; when: string };

/**
 * A payment-success screenshot as a customer would send it, drawn by the browser itself (our own HTML, no app's
 * assets): a PNG of a phone-sized receipt with the amount, the UTR, the UPI id and the date.
 */
export async function paymentScreenshot(browser: Browser, payment: Payment): Promise<Buffer> {
  const context = await browser.newContext({ viewport: { width: 400, height: 720 }, deviceScaleFactor: 2 });
  const page = await context.newPage();
  await page.setContent(`<!doctype html>
    <html><body style="margin:0;background:#f2f4f7;font-family:Arial,Helvetica,sans-serif;color:#101828">
      <main id="receipt" style="width:360px;margin:20px;padding:28px 24px;background:#fff;border-radius:16px">
        <p style="margin:0;text-align:center;font-size:22px;font-weight:bold;color:#067647">Payment Successful</p>
        <p style="margin:18px 0 4px;text-align:center;font-size:40px;font-weight:bold">&#8377;${payment.amount}</p>
        <p style="margin:0 0 22px;text-align:center;font-size:16px">Paid to ${payment.payee}</p>
        <table style="width:100%;font-size:17px;line-height:2">
          <tr><td>To UPI ID</td><td style="text-align:right">${payment.upiId}</td></tr>
          <tr><td>UTR</td><td style="text-align:right">${payment.utr}</td></tr>
          <tr><td>Date</td><td style="text-align:right">${payment.when}</td></tr>
        </table>
      </main>
    </body></html>`);
  const png = await page.locator('#receipt').screenshot({ type: 'png' });
  await context.close();
  return png;
}
