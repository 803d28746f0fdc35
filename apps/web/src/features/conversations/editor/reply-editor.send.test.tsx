import { beforeEach, describe, expect, it } from 'vitest';
import { act, screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { fakeEditorApi } from './testing/fake-editor-api.ts';
import { noteBox, renderEditor, replyBox } from './testing/render-editor.tsx';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

describe('reply editor: modes and sending', () => {
  beforeEach(() => {
    localStorage.clear();
    fakeEditorApi();
  });

  it('S1-4.26 has the modes REPLY and NOTE as tabs; a note is styled apart and sent private', async () => {
    const { container, onModeChange, onSend } = renderEditor();
    const tabs = within(screen.getByRole('tablist', { name: 'Reply or private note' })).getAllByRole('tab');
    expect(tabs.map((tab) => tab.textContent)).toEqual(['Reply', 'Private Note']);
    expect(tabs[0]).toHaveAttribute('aria-selected', 'true');
    expect(container.querySelector('.reply-editor')).toHaveClass('reply-editor--reply');

    await userEvent.click(tabs[1]!);
    expect(onModeChange).toHaveBeenCalledWith('note');
    expect(tabs[1]).toHaveAttribute('aria-selected', 'true');
    expect(container.querySelector('.reply-editor')).toHaveClass('reply-editor--note');
    expect(noteBox()).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Add note' })).toBeInTheDocument();

    await userEvent.type(noteBox(), 'Internal only{Enter}');
    expect(onSend).toHaveBeenCalledWith({ content: 'Internal only', private: true, files: [], echoId: expect.stringMatching(UUID) });
  });

  it('S1-4.26 arrow keys move between the tabs', async () => {
    const { onModeChange } = renderEditor();
    screen.getByRole('tab', { name: 'Reply' }).focus();
    await userEvent.keyboard('{ArrowRight}');
    expect(onModeChange).toHaveBeenLastCalledWith('note');
    expect(screen.getByRole('tab', { name: 'Private Note' })).toHaveFocus();
  });

  it("S0-3.13 with editor_message_key 'enter', Enter sends and Shift+Enter starts a new line", async () => {
    const { onSend } = renderEditor({ user: { ui_settings: { editor_message_key: 'enter' } } });
    expect(screen.getByText('Enter to send, Shift + Enter for a new line')).toBeInTheDocument();
    await userEvent.type(replyBox(), 'first{Shift>}{Enter}{/Shift}second');
    expect(onSend).not.toHaveBeenCalled();
    await userEvent.keyboard('{Enter}');
    expect(onSend).toHaveBeenCalledTimes(1);
    expect(onSend.mock.calls[0]![0]).toMatchObject({ content: 'first\nsecond', private: false, files: [] });
    expect(onSend.mock.calls[0]![0].echoId).toMatch(UUID);
    expect(replyBox()).toHaveTextContent('');
  });

  it("S0-3.13 with editor_message_key 'cmd_enter', Enter starts a new paragraph and Cmd/Ctrl+Enter sends", async () => {
    const { onSend } = renderEditor({ user: { ui_settings: { editor_message_key: 'cmd_enter' } } });
    expect(screen.getByText(/\+ Enter to send/)).toBeInTheDocument();
    await userEvent.type(replyBox(), 'first{Enter}second');
    expect(onSend).not.toHaveBeenCalled();
    await userEvent.keyboard('{Control>}{Enter}{/Control}');
    expect(onSend.mock.calls[0]![0].content).toBe('first\n\nsecond');
    await userEvent.type(replyBox(), 'again');
    await userEvent.keyboard('{Meta>}{Enter}{/Meta}');
    expect(onSend.mock.calls[1]![0].content).toBe('again');
  });

  it('the send button sends; an empty or blank message is not sent', async () => {
    const { onSend } = renderEditor();
    const send = screen.getByRole('button', { name: 'Send' });
    expect(send).toBeDisabled();
    await userEvent.type(replyBox(), '   ');
    expect(send).toBeDisabled();
    await userEvent.keyboard('{Enter}');
    expect(onSend).not.toHaveBeenCalled();
    await userEvent.type(replyBox(), 'Hello');
    expect(send).toBeEnabled();
    await userEvent.click(send);
    expect(onSend).toHaveBeenCalledWith(expect.objectContaining({ content: 'Hello', private: false }));
    expect(send).toBeDisabled();
  });

  it('S0-9.12 the toolbar offers strong, em, link, undo, redo, bullet list, numbered list and code; the message goes out as markdown', async () => {
    const { onSend } = renderEditor({ user: { ui_settings: { editor_message_key: 'cmd_enter' } } });
    const toolbar = screen.getByRole('toolbar', { name: 'Formatting' });
    expect(within(toolbar).getAllByRole('button').map((b) => b.getAttribute('aria-label'))).toEqual([
      'Bold',
      'Italic',
      'Code',
      'Link',
      'Bulleted list',
      'Numbered list',
      'Undo',
      'Redo',
    ]);
    // Drawn icons, not glyphs (emoji and arrows are missing from many desktops' fonts): no text, a hidden SVG.
    for (const tool of within(toolbar).getAllByRole('button')) {
      expect(tool).toHaveTextContent(/^$/);
      expect(tool.querySelector('svg')).toHaveAttribute('aria-hidden', 'true');
    }
    const attach = screen.getByRole('button', { name: 'Attach files' });
    expect(attach).toHaveTextContent(/^Attach files$/);
    expect(attach.querySelector('svg')).toHaveAttribute('aria-hidden', 'true');
    // The toolbar keeps the caret where it was: the typing goes on from there (user-event's type would click first).
    await userEvent.click(replyBox());
    await userEvent.click(within(toolbar).getByRole('button', { name: 'Bold' }));
    expect(within(toolbar).getByRole('button', { name: 'Bold' })).toHaveAttribute('aria-pressed', 'true');
    await userEvent.keyboard('Hi');
    await userEvent.click(within(toolbar).getByRole('button', { name: 'Bold' }));
    await userEvent.keyboard(' see ');
    await userEvent.click(within(toolbar).getByRole('button', { name: 'Link' }));
    await userEvent.type(screen.getByLabelText('Link address'), 'example.com/help{Enter}');
    await waitFor(() => expect(replyBox()).toHaveFocus());
    expect(screen.queryByLabelText('Link address')).not.toBeInTheDocument();
    await userEvent.keyboard(' and `npm i` ');
    await userEvent.click(within(toolbar).getByRole('button', { name: 'Bulleted list' }));
    await userEvent.keyboard('*one*{Enter}two');
    await userEvent.click(screen.getByRole('button', { name: 'Send' }));
    expect(onSend.mock.calls[0]![0].content).toBe('- **Hi** see [example.com/help](https://example.com/help) and `npm i` *one*\n- two');
  });

  it('S0-3.12 S1-3.10 the signature of a channel whose flag is on is previewed and appended to replies, not to notes', async () => {
    const { onSend } = renderEditor({
      channelType: 'Channel::Email',
      user: { message_signature: 'Jane Doe\nSupport team', ui_settings: { channel_email_signature_enabled: true } },
    });
    const preview = screen.getByRole('region', { name: 'Signature' });
    expect(preview).toHaveTextContent('Jane Doe Support team');
    await userEvent.type(replyBox(), 'Thanks!{Enter}');
    expect(onSend.mock.calls[0]![0].content).toBe('Thanks!\n\nJane Doe\nSupport team');

    await userEvent.click(screen.getByRole('tab', { name: 'Private Note' }));
    expect(screen.queryByRole('region', { name: 'Signature' })).not.toBeInTheDocument();
    await userEvent.type(noteBox(), 'Note{Enter}');
    expect(onSend.mock.calls[1]![0]).toMatchObject({ content: 'Note', private: true });
  });

  it('S0-3.12 no signature where the channel flag is off', async () => {
    const { onSend } = renderEditor({
      channelType: 'Channel::Api',
      user: { message_signature: 'Jane', ui_settings: { channel_email_signature_enabled: true } },
    });
    expect(screen.queryByRole('region', { name: 'Signature' })).not.toBeInTheDocument();
    await userEvent.type(replyBox(), 'Hi{Enter}');
    expect(onSend.mock.calls[0]![0].content).toBe('Hi');
  });

  it('a mention written in a note goes to the customer as plain text if the agent switches to a reply', async () => {
    const { onSend } = renderEditor({ mode: 'note' });
    const { editor } = noteBox() as HTMLElement & { editor: { commands: { insertContent: (content: unknown) => boolean } } };
    act(() => void editor.commands.insertContent([{ type: 'text', text: 'ask ' }, { type: 'mention', attrs: { id: '12', label: 'Ana' } }]));
    await userEvent.click(screen.getByRole('tab', { name: 'Reply' }));
    await userEvent.click(screen.getByRole('button', { name: 'Send' }));
    expect(onSend.mock.calls[0]![0]).toMatchObject({ content: 'ask @Ana', private: false });
  });

  it('a disabled editor sends nothing, but its tabs still switch to a note', async () => {
    const { onSend, onModeChange } = renderEditor({ disabled: true });
    expect(replyBox()).toHaveAttribute('contenteditable', 'false');
    expect(screen.getByRole('button', { name: 'Send' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Attach files' })).toBeDisabled();
    await userEvent.click(screen.getByRole('tab', { name: 'Private Note' }));
    expect(onModeChange).toHaveBeenCalledWith('note');
    expect(onSend).not.toHaveBeenCalled();
  });
});
