import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { useQuery } from '@tanstack/react-query';
import type { Conversation } from '@app/shared/conversations';
import { fakeApi } from '../../../../test/fake-api.ts';
import { makeAccount } from '../../../../test/fixtures.ts';
import { renderAccountScreen } from '../../../../test/render-account-screen.tsx';
import { conversationKeys } from '../../api.ts';
import { ACCOUNT_ID, makeConversation } from '../../testing/fixtures.ts';
import { ContactPanel } from './contact-panel.tsx';

const at = (rest: string) => `/api/v1/accounts/${ACCOUNT_ID}/${rest}`;

/** The panel fed from the conversation's cached detail, as the conversation view feeds it. */
function Harness({ conversation }: { conversation: Conversation }) {
  const query = useQuery({ queryKey: conversationKeys.detail(ACCOUNT_ID, conversation.id), queryFn: () => conversation, initialData: conversation, staleTime: Infinity });
  return <ContactPanel conversation={query.data} />;
}

function open(role: 'administrator' | 'agent' = 'agent', replies: Parameters<typeof fakeApi>[0] = {}) {
  const conversation = makeConversation(40);
  const server = fakeApi(replies);
  renderAccountScreen(<Harness conversation={conversation} />, { path: `/app/accounts/${ACCOUNT_ID}/conversations/40`, account: makeAccount(ACCOUNT_ID, role) });
  return { server, contact: conversation.meta.sender };
}

describe('contact panel', () => {
  it('S1-5.46 S1-8.14 edits a detail inline; a 422 shows under the field and nothing changes until the save succeeds', async () => {
    let fail = true;
    const { server, contact } = open('agent', {
      [`PATCH ${at(`contacts/${makeConversation(40).meta.sender.id}`)}`]: (call) =>
        fail
          ? { status: 422, body: { message: 'Email has already been taken', errors: { email: ['has already been taken'] } } }
          : { body: { payload: { ...makeConversation(40).meta.sender, type: undefined, email: (call.body as { email: string }).email, availability_status: 'offline', last_activity_at: null, created_at: 1 } } },
    });
    const panel = screen.getByText(contact.name).closest('.cw-contact') as HTMLElement;
    await userEvent.click(within(panel).getByRole('button', { name: 'Edit Email' }));
    const input = within(panel).getByRole('textbox', { name: 'Email' });
    await userEvent.clear(input);
    await userEvent.type(input, 'taken@example.com{Enter}');
    expect(await within(panel).findByText('Email has already been taken')).toBeInTheDocument();
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(server.called(`PATCH ${at(`contacts/${contact.id}`)}`)[0]!.body).toEqual({ email: 'taken@example.com' });

    fail = false;
    await userEvent.clear(input);
    await userEvent.type(input, 'new@example.com{Enter}');
    await waitFor(() => expect(within(panel).queryByRole('textbox', { name: 'Email' })).toBeNull());
    expect(within(panel).getByText('new@example.com')).toBeInTheDocument();
  });

  it('company goes under additional_attributes; Escape cancels', async () => {
    const { server, contact } = open('administrator', {
      [`PATCH ${at(`contacts/${makeConversation(40).meta.sender.id}`)}`]: { body: { payload: { ...makeConversation(40).meta.sender, type: undefined, additional_attributes: { company_name: 'Acme' }, availability_status: 'offline', last_activity_at: null, created_at: 1 } } },
    });
    const panel = screen.getByText(contact.name).closest('.cw-contact') as HTMLElement;
    await userEvent.click(within(panel).getByRole('button', { name: 'Edit City' }));
    await userEvent.keyboard('{Escape}');
    expect(within(panel).queryByRole('textbox', { name: 'City' })).toBeNull();
    await userEvent.click(within(panel).getByRole('button', { name: 'Edit Company' }));
    await userEvent.type(within(panel).getByRole('textbox', { name: 'Company' }), 'Acme{Enter}');
    await waitFor(() => expect(within(panel).getByText('Acme')).toBeInTheDocument());
    expect(server.called(`PATCH ${at(`contacts/${contact.id}`)}`)[0]!.body).toEqual({ additional_attributes: { company_name: 'Acme' } });
    expect(within(panel).getByRole('link', { name: 'Open the contact profile' })).toHaveAttribute('href', `/app/accounts/${ACCOUNT_ID}/contacts/${contact.id}`);
  });

  it('a role without contact access sees the details without edit buttons', () => {
    const conversation = makeConversation(40);
    fakeApi({});
    renderAccountScreen(<Harness conversation={conversation} />, {
      path: `/app/accounts/${ACCOUNT_ID}/conversations/40`,
      account: makeAccount(ACCOUNT_ID, 'agent', { permissions: ['conversation_manage'] }),
    });
    expect(screen.getByText(conversation.meta.sender.name)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Edit / })).toBeNull();
  });
});

describe('contact panel phone', () => {
  it('edits the phone number with the phone input, loaded on demand', async () => {
    const conversation = makeConversation(40);
    const server = fakeApi({
      [`PATCH ${at(`contacts/${conversation.meta.sender.id}`)}`]: { status: 422, body: { message: 'Phone number must be in E.164 format', errors: { phone_number: ['must be in E.164 format (+ followed by up to 15 digits)'] } } },
    });
    renderAccountScreen(<Harness conversation={conversation} />, { path: `/app/accounts/${ACCOUNT_ID}/conversations/40`, account: makeAccount(ACCOUNT_ID, 'agent') });
    await userEvent.click(screen.getByRole('button', { name: 'Edit Phone' }));
    const input = await screen.findByRole('textbox', { name: 'Phone' });
    await userEvent.type(input, '12{Enter}');
    expect(await screen.findByText(/must be in E\.164 format/)).toBeInTheDocument();
    expect(server.called(`PATCH ${at(`contacts/${conversation.meta.sender.id}`)}`)[0]!.body).toEqual({ phone_number: '12' });
  });
});
