import { useState } from 'react';
import { render, screen } from '@testing-library/react';
import { vi } from 'vitest';
import type { CurrentUser } from '@app/shared/users';
import { createQueryClient, Providers } from '../../../../app/providers.tsx';
import { makeUser } from '../../../../test/fixtures.ts';
import { CurrentAccountContext } from '../../../auth/index.ts';
import { ReplyEditor } from '../reply-editor.tsx';
import type { EditorMode, ReplyEditorProps } from '../types.ts';

/**
 * jsdom has no layout: ProseMirror measures the caret (scrolling it into view) and hit-tests clicks. Zero
 * rectangles and "nothing under the point" are enough for it to carry on.
 */
export function polyfillLayout() {
  const empty = () => new DOMRect(0, 0, 0, 0);
  Range.prototype.getClientRects ??= function getClientRects() {
    return Object.assign([], { item: () => null }) as unknown as DOMRectList;
  };
  Range.prototype.getBoundingClientRect ??= empty;
  document.elementFromPoint ??= () => null;
}

export const VARIABLES = { 'contact.name': 'Ada Lovelace', 'contact.email': 'ada@example.com', 'contact.phone': '', 'agent.name': 'Jane Doe', 'conversation.id': '42' };

type Options = Partial<Omit<ReplyEditorProps, 'mode'>> & { mode?: EditorMode; user?: Partial<CurrentUser> };

/** A ReplyEditor with the app's providers and a signed-in user; the mode is held like the view holds it. */
export function renderEditor({ user: userOverrides, mode: initialMode = 'reply', ...overrides }: Options = {}) {
  polyfillLayout();
  const user = makeUser(userOverrides);
  const onSend = vi.fn<ReplyEditorProps['onSend']>();
  const onTyping = vi.fn<ReplyEditorProps['onTyping']>();
  const onModeChange = vi.fn<ReplyEditorProps['onModeChange']>();
  const base: Omit<ReplyEditorProps, 'mode' | 'onModeChange'> = {
    accountId: 7,
    inboxId: 3,
    conversationId: 42,
    channelType: 'Channel::WebWidget',
    variables: VARIABLES,
    onSend,
    onTyping,
    ...overrides,
  };
  let setProps: (next: Partial<ReplyEditorProps>) => void = () => {};

  function Harness() {
    const [mode, setMode] = useState<EditorMode>(initialMode);
    const [extra, setExtra] = useState<Partial<ReplyEditorProps>>({});
    setProps = (next) => setExtra((current) => ({ ...current, ...next }));
    return (
      <ReplyEditor
        {...base}
        mode={mode}
        onModeChange={(next) => {
          onModeChange(next);
          setMode(next);
        }}
        {...extra}
      />
    );
  }

  const client = createQueryClient();
  const view = render(
    <Providers client={client}>
      <CurrentAccountContext.Provider value={{ user, account: user.accounts[0]! }}>
        <Harness />
      </CurrentAccountContext.Provider>
    </Providers>,
  );
  return { ...view, client, onSend, onTyping, onModeChange, rerenderWith: (next: Partial<ReplyEditorProps>) => setProps(next) };
}

/** The editable area, found by its accessible name as a screen reader would. */
export const replyBox = () => screen.getByRole('textbox', { name: 'Reply to the customer' });
export const noteBox = () => screen.getByRole('textbox', { name: 'Private note for your team' });
