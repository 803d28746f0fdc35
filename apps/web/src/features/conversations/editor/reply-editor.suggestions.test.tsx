import { beforeEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { agent, canned, fakeEditorApi } from './testing/fake-editor-api.ts';
import { noteBox, renderEditor, replyBox } from './testing/render-editor.tsx';

const AGENTS = [agent(12, 'Ana Lopez'), agent(13, 'Bob Stone'), agent(14, 'Anouk Smit')];
const CANNED = [canned(1, 'hello', 'Hello {{contact.name}}, thanks for **writing**!'), canned(2, 'bye', 'Bye now.\n\nTalk soon.')];

// Typing a literal `{` or `[` with user-event takes two.
const sendWithEnter = async () => userEvent.keyboard('{Enter}');

describe('reply editor suggestions', () => {
  beforeEach(() => localStorage.clear());

  it('S0-5.16 @ lists the inbox agents in a private note and inserts a mention link', async () => {
    const api = fakeEditorApi({ agents: AGENTS });
    const { onSend } = renderEditor({ mode: 'note' });
    await userEvent.type(noteBox(), 'Please check @an');
    const list = await screen.findByRole('listbox', { name: 'Agents' });
    expect(within(list).getAllByRole('option').map((o) => o.textContent)).toEqual(['Ana Lopezana@example.com', 'Anouk Smitanouk@example.com']);
    expect(api.called('/api/v1/accounts/7/assignable_agents')[0]).toBe('/api/v1/accounts/7/assignable_agents?inbox_ids[]=3');
    await userEvent.keyboard('{Enter}');
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
    await userEvent.type(noteBox(), 'today');
    await sendWithEnter();
    expect(onSend).toHaveBeenCalledWith(expect.objectContaining({ content: 'Please check [@Ana Lopez](mention://user/12/Ana%20Lopez) today', private: true }));
  });

  it('S0-5.16 @ lists nothing in a reply and asks the server for nothing', async () => {
    const api = fakeEditorApi({ agents: AGENTS });
    renderEditor({ mode: 'reply' });
    await userEvent.type(replyBox(), 'Mail @an');
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
    expect(api.called('/api/v1/accounts/7/assignable_agents')).toHaveLength(0);
  });

  it('S0-5.17 S0-7.35 / searches canned responses in a reply and inserts the content with its variables filled', async () => {
    const api = fakeEditorApi({ cannedResponses: CANNED });
    const { onSend } = renderEditor();
    await userEvent.type(replyBox(), '/hel');
    const list = await screen.findByRole('listbox', { name: 'Canned responses' });
    await waitFor(() => expect(within(list).getAllByRole('option')).toHaveLength(1));
    expect(api.called('/api/v1/accounts/7/canned_responses')).toContain('/api/v1/accounts/7/canned_responses?search=hel');
    await userEvent.keyboard('{Enter}');
    expect(replyBox()).toHaveTextContent('Hello Ada Lovelace, thanks for writing!');
    await sendWithEnter();
    expect(onSend.mock.calls[0]![0].content).toBe('Hello Ada Lovelace, thanks for **writing**!');
  });

  it('S0-5.17 a canned response of several paragraphs is inserted as paragraphs', async () => {
    fakeEditorApi({ cannedResponses: CANNED });
    const { onSend } = renderEditor();
    await userEvent.type(replyBox(), '/bye');
    await screen.findByRole('option', { name: /bye/ });
    await userEvent.keyboard('{Enter}');
    await sendWithEnter();
    expect(onSend.mock.calls[0]![0].content).toBe('Bye now.\n\nTalk soon.');
  });

  it('S0-5.17 / opens no canned responses in a private note', async () => {
    const api = fakeEditorApi({ cannedResponses: CANNED });
    renderEditor({ mode: 'note' });
    await userEvent.type(noteBox(), '/hel');
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
    expect(api.called('/api/v1/accounts/7/canned_responses')).toHaveLength(0);
  });

  it('S0-5.18 {{ lists the variables in a reply; the placeholder is filled when the reply is sent', async () => {
    fakeEditorApi();
    const { onSend } = renderEditor();
    await userEvent.type(replyBox(), 'Hi {{{{contact');
    const list = await screen.findByRole('listbox', { name: 'Variables' });
    expect(within(list).getAllByRole('option').map((o) => o.textContent)).toEqual(['contact.nameAda Lovelace', 'contact.emailada@example.com', 'contact.phone']);
    await userEvent.keyboard('{Enter}');
    expect(replyBox()).toHaveTextContent('Hi {{contact.name}}');
    await sendWithEnter();
    expect(onSend.mock.calls[0]![0].content).toBe('Hi Ada Lovelace');
  });

  it('S0-5.18 {{ lists no variables in a private note, and a note keeps placeholders as written', async () => {
    fakeEditorApi();
    const { onSend } = renderEditor({ mode: 'note' });
    await userEvent.type(noteBox(), 'Hi {{{{contact');
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
    await userEvent.type(noteBox(), '.name}}');
    await sendWithEnter();
    expect(onSend.mock.calls[0]![0].content).toBe('Hi {{contact.name}}');
  });

  it('S0-5.19 S0-9.13 : suggests emoji only once 2 characters follow it, in replies and notes', async () => {
    fakeEditorApi();
    const { onSend } = renderEditor({ mode: 'note' });
    await userEvent.type(noteBox(), 'Thanks :w');
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
    await userEvent.type(noteBox(), 'av');
    const list = await screen.findByRole('listbox', { name: 'Emoji' });
    expect(within(list).getAllByRole('option')[0]).toHaveTextContent('👋:waving_hand:');
    await userEvent.keyboard('{Enter}');
    await sendWithEnter();
    expect(onSend.mock.calls[0]![0].content).toBe('Thanks 👋');
  });

  it('keyboard: arrows move through the list and wrap, the editor points at the highlighted option, Escape closes', async () => {
    fakeEditorApi({ agents: AGENTS });
    renderEditor({ mode: 'note' });
    await userEvent.type(noteBox(), '@');
    const list = await screen.findByRole('listbox', { name: 'Agents' });
    const options = () => within(list).getAllByRole('option');
    await waitFor(() => expect(options()).toHaveLength(3));
    expect(options()[0]).toHaveAttribute('aria-selected', 'true');
    expect(noteBox()).toHaveAttribute('aria-activedescendant', options()[0]!.id);
    expect(noteBox()).toHaveAttribute('aria-controls', list.id);
    await userEvent.keyboard('{ArrowDown}{ArrowDown}');
    expect(options()[2]).toHaveAttribute('aria-selected', 'true');
    expect(noteBox()).toHaveAttribute('aria-activedescendant', options()[2]!.id);
    await userEvent.keyboard('{ArrowDown}');
    expect(options()[0]).toHaveAttribute('aria-selected', 'true');
    await userEvent.keyboard('{ArrowUp}');
    expect(options()[2]).toHaveAttribute('aria-selected', 'true');
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
    expect(noteBox()).not.toHaveAttribute('aria-activedescendant');
  });

  it('a list shows at most 10 rows, and a click chooses one', async () => {
    fakeEditorApi({ agents: Array.from({ length: 14 }, (_, i) => agent(20 + i, `Agent ${i}`)) });
    const { onSend } = renderEditor({ mode: 'note' });
    await userEvent.type(noteBox(), '@ag');
    const list = await screen.findByRole('listbox', { name: 'Agents' });
    await waitFor(() => expect(within(list).getAllByRole('option')).toHaveLength(10));
    await userEvent.click(within(list).getByRole('option', { name: /Agent 3/ }));
    await sendWithEnter();
    expect(onSend.mock.calls[0]![0].content).toBe('[@Agent 3](mention://user/23/Agent%203)');
  });

  it('switching to a reply closes an open agent list', async () => {
    fakeEditorApi({ agents: AGENTS });
    renderEditor({ mode: 'note' });
    await userEvent.type(noteBox(), '@an');
    await screen.findByRole('listbox', { name: 'Agents' });
    await userEvent.click(screen.getByRole('tab', { name: 'Reply' }));
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
  });
});
