import { beforeEach, describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import type { Attachment } from '@app/shared/messages';
import { makeAccount, makeUser } from '../../../test/fixtures.ts';
import { makeIssue, makeOcrResult, makeRecord } from '../../payment-ocr/testing/fixtures.ts';
import { polyfillLayout } from '../editor/testing/render-editor.tsx';
import type { Answer } from '../testing/fake-workspace-api.ts';
import { makeConversation, makeMessage, NOW } from '../testing/fixtures.ts';
import { base, renderWorkspace } from '../testing/render-workspace.tsx';
import { PaymentToolsContext, type PaymentTools } from '../hooks/use-payment-tools.ts';
import { MessageOcr } from './message-ocr.tsx';

const LOAD = { timeout: 5000 };
const SLOW = 15_000;
const OCR = `${base}/ocr/withdraw_button`;
const ISSUES = `${base}/withdraw_issues`;

const image = (messageId: number, extra: Partial<Attachment> = {}): Attachment => ({
  id: messageId * 10,
  message_id: messageId,
  file_type: 'image',
  account_id: 7,
  extension: 'png',
  data_url: `/uploads/screens/${messageId}.png`,
  thumb_url: `/uploads/screens/${messageId}-thumb.png`,
  file_size: 48_000,
  file_name: 'payment.png',
  ...extra,
});

const screenshot = makeMessage(3, 5, { content: 'I paid, here is the screenshot', attachments: [image(3)], created_at: NOW - 60 });
const invoice = makeMessage(4, 5, { content: 'and the invoice', attachments: [image(4, { file_type: 'file', file_name: 'invoice.pdf', extension: 'pdf' })], created_at: NOW - 30 });

type Options = { ocr?: Answer | (() => Answer | Promise<Answer>); issue?: Answer; user?: ReturnType<typeof makeUser>; orderAttribute?: string };

function open({ ocr = { body: { payload: makeOcrResult(3) } }, issue, user, orderAttribute }: Options = {}) {
  return renderWorkspace('/app/accounts/7/inbox/1/conversations/5', {
    conversations: [makeConversation(5, orderAttribute ? { custom_attributes: { order_id: orderAttribute } } : {})],
    messages: { 5: [screenshot, invoice] },
    ...(user ? { user } : {}),
    routes: (api) => {
      api.on(`POST ${OCR}`, ocr);
      if (issue) api.on(`POST ${ISSUES}`, issue);
    },
  });
}

const messageRow = (id: number) => globalThis.document.querySelector<HTMLElement>(`[data-message-id="${id}"]`)!;
const panel = () => screen.findByRole('region', { name: 'Payment details read from the screenshot' }, LOAD);

beforeEach(() => {
  polyfillLayout();
  vi.spyOn(HTMLElement.prototype, 'clientHeight', 'get').mockReturnValue(800);
});

describe('OCR on a payment screenshot', () => {
  it('S1-7.34 an agent reads an image message: POST ocr/withdraw_button {message_id}, processing, then the fields with copy buttons and the matching record', async () => {
    let answer!: (value: Answer) => void;
    const withdraw = makeRecord(21, 'W-1001', { status: 'success', amount: '1200.50' });
    const { api } = open({ ocr: () => new Promise<Answer>((resolve) => (answer = resolve)) });
    await screen.findByText('I paid, here is the screenshot', {}, LOAD);
    // only the image message offers it
    expect(within(messageRow(4)).queryByRole('button', { name: 'Read payment details' })).toBeNull();
    await userEvent.click(within(messageRow(3)).getByRole('button', { name: 'Read payment details' }));

    const region = await panel();
    expect(region).toHaveAttribute('data-ocr-state', 'processing');
    expect(within(region).getByRole('status')).toHaveTextContent('Reading the screenshot…');
    await waitFor(() => expect(api.called('POST', OCR)).toHaveLength(1));
    expect(api.called('POST', OCR)[0]!.body).toEqual({ message_id: 3 });

    answer({ body: { payload: makeOcrResult(3, { matches: { withdraws: [withdraw], recharges: [] } }) } });
    await waitFor(() => expect(region).toHaveAttribute('data-ocr-state', 'results'));
    const value = (label: string) => within(region).getByText(label, { selector: '.ocr-fields dt' }).nextElementSibling as HTMLElement;
    expect(value('UTR')).toHaveTextContent('412345678901');
    expect(value('Amount')).toHaveTextContent('1200.50');
    expect(value('UPI id')).toHaveTextContent('asha.k@okbank');
    expect(value('Date')).toHaveTextContent('2026-11-25');
    expect(value('Time')).toHaveTextContent('14:32');
    expect(value('Status')).toHaveTextContent('Success');
    expect(within(region).getByText('92% confidence')).toBeInTheDocument();

    const writeText = vi.fn(async () => undefined);
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    await userEvent.click(within(region).getByRole('button', { name: 'Copy UTR' }));
    expect(writeText).toHaveBeenCalledWith('412345678901');
    expect(await within(region).findByText('UTR copied')).toBeInTheDocument();

    const matches = within(region).getByRole('list', { name: 'Records matching the screenshot' });
    const [record] = within(matches).getAllByRole('listitem');
    expect([...record!.querySelectorAll('dd')].map((cell) => cell.textContent)).toEqual(['Withdraw', 'W-1001', 'success', '₹1,200.50', 'Website']);
  }, SLOW);

  it('says "No matching record" when the screenshot matches none, and keeps the answer when the panel opens again', async () => {
    const { api } = open();
    await screen.findByText('I paid, here is the screenshot', {}, LOAD);
    await userEvent.click(within(messageRow(3)).getByRole('button', { name: 'Read payment details' }));
    const region = await panel();
    expect(await within(region).findByText('No matching record')).toBeInTheDocument();
    expect(within(region).queryByRole('list', { name: 'Records matching the screenshot' })).toBeNull();
    await userEvent.click(within(region).getByRole('button', { name: 'Close payment details' }));
    await userEvent.click(within(messageRow(3)).getByRole('button', { name: 'Read payment details' }));
    expect(await within(await panel()).findByText('No matching record')).toBeInTheDocument();
    expect(api.called('POST', OCR)).toHaveLength(1);
  }, SLOW);

  it('a busy OCR (503) says so with a retry that reads again', async () => {
    let calls = 0;
    const { api } = open({
      ocr: () => (++calls === 1 ? { status: 503, body: { error: 'OCR queue is full' } } : { body: { payload: makeOcrResult(3, { matches: { withdraws: [], recharges: [makeRecord(30, 'R-77', { kind: 'recharge', status: 'pending' })] } }) } }),
    });
    await screen.findByText('I paid, here is the screenshot', {}, LOAD);
    await userEvent.click(within(messageRow(3)).getByRole('button', { name: 'Read payment details' }));
    const region = await panel();
    expect(await within(region).findByRole('alert')).toHaveTextContent('OCR is busy, try again in a few seconds');
    expect(region).toHaveAttribute('data-ocr-state', 'error');
    await userEvent.click(within(region).getByRole('button', { name: 'Try again' }));
    const recharge = await within(region).findByRole('listitem');
    expect(recharge).toHaveTextContent('Recharge');
    expect(recharge).toHaveTextContent('R-77');
    // a recharge is not a withdraw: no issue to raise from it
    expect(within(recharge).queryByRole('button')).toBeNull();
    expect(within(region).queryByRole('alert')).toBeNull();
    expect(api.called('POST', OCR)).toHaveLength(2);
  }, SLOW);

  it('an image the server cannot use (422) gives its reason, without a retry', async () => {
    open({ ocr: { status: 422, body: { error: 'The image is too small to read' } } });
    await screen.findByText('I paid, here is the screenshot', {}, LOAD);
    await userEvent.click(within(messageRow(3)).getByRole('button', { name: 'Read payment details' }));
    const region = await panel();
    expect(await within(region).findByRole('alert')).toHaveTextContent('This image could not be read. The image is too small to read');
    expect(within(region).queryByRole('button', { name: 'Try again' })).toBeNull();
  }, SLOW);

  it('a checker reviewing the conversation reads it too, and raises a withdraw issue from the matched withdraw', async () => {
    const checker = makeUser({ accounts: [makeAccount(7, 'checker', { checker_inbox: [1] })] });
    const { api } = open({
      user: checker,
      ocr: { body: { payload: makeOcrResult(3, { matches: { withdraws: [makeRecord(21, 'W-1001')], recharges: [] } }) } },
      issue: { body: { payload: makeIssue(9, 'W-1001') } },
    });
    await screen.findByText('I paid, here is the screenshot', {}, LOAD);
    await userEvent.click(within(messageRow(3)).getByRole('button', { name: 'Read payment details' }));
    const region = await panel();
    await userEvent.click(await within(region).findByRole('button', { name: 'Raise withdraw issue for order W-1001' }));
    const dialog = await screen.findByRole('dialog', { name: 'Raise a withdraw issue' });
    expect(within(dialog).getByLabelText('Order id')).toHaveValue('W-1001');
    await userEvent.type(within(dialog).getByLabelText('What went wrong'), '  Customer says it never arrived  ');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Raise issue' }));
    await waitFor(() => expect(api.called('POST', ISSUES)).toHaveLength(1));
    expect(api.called('POST', ISSUES)[0]!.body).toEqual({ order_id: 'W-1001', conversation_id: 5, inbox_id: 1, description: 'Customer says it never arrived' });
    expect(await screen.findByText('Withdraw issue raised for order W-1001')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  }, SLOW);
});

describe('the OCR button', () => {
  const tools = (canOcr: boolean): PaymentTools => ({ accountId: 7, conversation: { id: 5, inbox_id: 1 }, canOcr, canRaiseIssue: true });
  const button = (message: Parameters<typeof MessageOcr>[0]['message'], value: PaymentTools | null) => {
    const view = render(
      <PaymentToolsContext.Provider value={value}>
        <MessageOcr message={message} />
      </PaymentToolsContext.Provider>,
    );
    const found = screen.queryByRole('button', { name: 'Read payment details' });
    view.unmount();
    return found !== null;
  };

  it('shows on a sent image message only for those who may call OCR (api:ocr.create)', () => {
    expect(button(screenshot, tools(true))).toBe(true);
    expect(button(screenshot, tools(false))).toBe(false);
    expect(button(screenshot, null)).toBe(false);
    // not on a file, not on an image without its address, not on a message still being sent
    expect(button(invoice, tools(true))).toBe(false);
    expect(button({ ...screenshot, attachments: [image(3, { data_url: null })] }, tools(true))).toBe(false);
    expect(button({ ...screenshot, id: -1 }, tools(true))).toBe(false);
  });
});

describe('raise withdraw issue from the conversation menu', () => {
  const raise = async () => {
    const header = (await screen.findByRole('heading', { name: 'Customer 5' }, LOAD)).closest('header')!;
    await userEvent.click(within(header).getByRole('button', { name: 'More actions' }));
    await userEvent.click(screen.getByRole('menuitem', { name: 'Raise withdraw issue' }));
    return screen.findByRole('dialog', { name: 'Raise a withdraw issue' }, LOAD);
  };

  it('S1-8.25 prefills the order id from the conversation\'s order_id attribute and shows the server\'s error text on failure', async () => {
    const { api } = open({ orderAttribute: 'W-2002', issue: { status: 409, body: { error: 'An open issue already exists for order W-2002' } } });
    const dialog = await raise();
    expect(within(dialog).getByLabelText('Order id')).toHaveValue('W-2002');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Raise issue' }));
    // checked before sending: a description is needed
    expect(within(dialog).getByLabelText('What went wrong')).toHaveAccessibleDescription('Describe the issue.');
    expect(api.called('POST', ISSUES)).toHaveLength(0);
    await userEvent.type(within(dialog).getByLabelText('What went wrong'), 'Payout missing');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Raise issue' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('An open issue already exists for order W-2002');
    expect(api.called('POST', ISSUES)[0]!.body).toEqual({ order_id: 'W-2002', conversation_id: 5, inbox_id: 1, description: 'Payout missing' });
    expect(screen.getByRole('dialog', { name: 'Raise a withdraw issue' })).toBeInTheDocument();
  }, SLOW);

  it("S1-8.26 shows 'An unknown error occurred' when the failure carries no error text", async () => {
    open({ issue: { status: 500 } });
    const dialog = await raise();
    expect(within(dialog).getByLabelText('Order id')).toHaveValue('');
    await userEvent.type(within(dialog).getByLabelText('Order id'), 'W-3');
    await userEvent.type(within(dialog).getByLabelText('What went wrong'), 'Stuck');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Raise issue' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(/^An unknown error occurred$/);
  }, SLOW);
});
