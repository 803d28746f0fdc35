import { beforeEach, describe, expect, it, vi } from 'vitest';
import { act, screen } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { fakeEditorApi } from './testing/fake-editor-api.ts';
import { renderEditor, replyBox } from './testing/render-editor.tsx';
import { draftKey } from './utils/drafts.ts';

const stored = (conversationId = 42) => localStorage.getItem(draftKey(7, conversationId));

describe('reply editor: drafts', () => {
  beforeEach(() => {
    localStorage.clear();
    fakeEditorApi();
  });

  it('S1-9.26 keeps the draft in local storage per account and conversation and restores it on return', async () => {
    const first = renderEditor();
    await userEvent.type(replyBox(), 'Half a thought');
    await vi.waitFor(() => expect(stored()).toContain('Half a thought'));
    first.unmount();

    const otherAccount = renderEditor({ accountId: 8 });
    expect(replyBox()).toHaveTextContent(/^$/);
    otherAccount.unmount();

    renderEditor();
    expect(replyBox()).toHaveTextContent(/^Half a thought$/);
  });

  it('S1-9.26 the draft is cleared on send', async () => {
    const { onSend } = renderEditor();
    await userEvent.type(replyBox(), 'Done');
    await vi.waitFor(() => expect(stored()).not.toBeNull());
    await userEvent.keyboard('{Enter}');
    expect(onSend).toHaveBeenCalled();
    expect(stored()).toBeNull();
  });

  it('S1-9.26 moving to another conversation keeps each draft and clears the attachments', async () => {
    const { rerenderWith } = renderEditor();
    await userEvent.type(replyBox(), 'For 42');
    await userEvent.upload(screen.getByLabelText('Attach files', { selector: 'input' }), new File(['x'], 'a.txt', { type: 'text/plain' }));
    act(() => rerenderWith({ conversationId: 43 }));
    expect(stored(42)).toContain('For 42');
    expect(replyBox()).toHaveTextContent(/^$/);
    expect(screen.queryByRole('list', { name: 'Attachments' })).not.toBeInTheDocument();
    await userEvent.type(replyBox(), 'For 43');
    act(() => rerenderWith({ conversationId: 42 }));
    expect(replyBox()).toHaveTextContent(/^For 42$/);
    expect(stored(43)).toContain('For 43');
  });

  it('S1-9.26 a draft is written when the editor loses focus, and an emptied draft is removed', async () => {
    renderEditor();
    await userEvent.type(replyBox(), 'x');
    act(() => replyBox().blur());
    expect(stored()).toContain('"x"');
    await userEvent.click(replyBox());
    await userEvent.keyboard('{Control>}a{/Control}{Backspace}');
    expect(replyBox()).toHaveTextContent(/^$/);
    act(() => replyBox().blur());
    expect(stored()).toBeNull();
  });
});
