import { Activity } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, render, screen } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { createQueryClient, Providers } from '../../../app/providers.tsx';
import { makeUser } from '../../../test/fixtures.ts';
import { CurrentAccountContext } from '../../auth/index.ts';
import { fakeEditorApi } from './testing/fake-editor-api.ts';
import { polyfillLayout, renderEditor, replyBox, VARIABLES } from './testing/render-editor.tsx';
import { ReplyEditor } from './reply-editor.tsx';
import { draftKey } from './utils/drafts.ts';

const stored = (conversationId: number) => localStorage.getItem(draftKey(7, conversationId));
// Tiptap destroys an editor whose component has not come back one tick (1 ms) after its effects were cleaned up.
const afterDestroyTick = () => act(() => new Promise((resolve) => setTimeout(resolve, 20)));

describe('reply editor: lifecycle', () => {
  let errors: ReturnType<typeof vi.spyOn>;
  const uncaught: unknown[] = [];
  const onError = (event: ErrorEvent) => uncaught.push(event.error);
  beforeEach(() => {
    localStorage.clear();
    fakeEditorApi();
    uncaught.length = 0;
    window.addEventListener('error', onError);
    errors = vi.spyOn(console, 'error');
  });
  afterEach(() => window.removeEventListener('error', onError));

  it('types, moves to another conversation and unmounts without reading a destroyed editor', async () => {
    const { rerenderWith, unmount, onTyping } = renderEditor();
    await userEvent.type(replyBox(), 'For 42');
    act(() => rerenderWith({ conversationId: 43 }));
    await userEvent.type(replyBox(), 'For 43');
    // Unmounting with a draft save and a typing 'off' still pending.
    expect(() => unmount()).not.toThrow();
    await afterDestroyTick();
    expect(stored(42)).toContain('For 42');
    expect(stored(43)).toContain('For 43');
    expect(onTyping).toHaveBeenLastCalledWith('off', false);
    expect(errors).not.toHaveBeenCalled();
    expect(uncaught).toEqual([]);
  });

  it('keeps working when Tiptap replaces its editor while the component stays (effects detached and reattached)', async () => {
    polyfillLayout();
    const user = makeUser();
    const client = createQueryClient();
    const ui = (mode: 'visible' | 'hidden', conversationId: number) => (
      <Providers client={client}>
        <CurrentAccountContext.Provider value={{ user, account: user.accounts[0]! }}>
          <Activity mode={mode}>
            <ReplyEditor accountId={7} inboxId={3} conversationId={conversationId} channelType="Channel::WebWidget" variables={VARIABLES} mode="reply" onModeChange={() => {}} onSend={() => {}} onTyping={() => {}} />
          </Activity>
        </CurrentAccountContext.Provider>
      </Providers>
    );
    const view = render(ui('visible', 42));
    await userEvent.type(replyBox(), 'Kept');
    view.rerender(ui('hidden', 42));
    await afterDestroyTick();
    view.rerender(ui('visible', 42));
    await afterDestroyTick();
    // A new editor, given the draft the old one left, and the send button reads the new one.
    expect(replyBox()).toHaveTextContent(/^Kept$/);
    expect(screen.getByRole('button', { name: 'Send' })).toBeEnabled();
    expect(screen.getByRole('button', { name: 'Bold' })).toBeEnabled();
    view.rerender(ui('visible', 43));
    expect(replyBox()).toHaveTextContent(/^$/);
    expect(screen.getByRole('button', { name: 'Send' })).toBeDisabled();
    await userEvent.type(replyBox(), 'Other');
    view.rerender(ui('visible', 42));
    expect(replyBox()).toHaveTextContent(/^Kept$/);
    view.unmount();
    await afterDestroyTick();
    expect(errors).not.toHaveBeenCalled();
    expect(uncaught).toEqual([]);
  });
});
