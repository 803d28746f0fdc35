import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen } from '@testing-library/react';
import { fakeEditorApi } from './testing/fake-editor-api.ts';
import { noteBox, renderEditor, replyBox } from './testing/render-editor.tsx';

describe('reply editor: typing notifications', () => {
  beforeEach(() => {
    localStorage.clear();
    fakeEditorApi();
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
  });
  afterEach(() => vi.useRealTimers());

  // Keystrokes as the editor sees them (one change each), so the fake clock alone decides the timing.
  type Box = HTMLElement & { editor: { commands: { insertContent: (text: string) => boolean } } };
  const key = (box: HTMLElement, text: string) => act(() => void (box as Box).editor.commands.insertContent(text));
  const wait = (ms: number) => act(() => vi.advanceTimersByTime(ms));

  it("S0-9.06 says 'on' at most every 4000 ms while the agent types and 'off' after a 4000 ms pause", () => {
    const { onTyping } = renderEditor();
    for (const letter of 'Hel') key(replyBox(), letter);
    expect(onTyping.mock.calls).toEqual([['on', false]]);
    wait(3000);
    key(replyBox(), 'l');
    expect(onTyping).toHaveBeenCalledTimes(1);
    wait(1000);
    key(replyBox(), 'o');
    expect(onTyping.mock.calls).toEqual([
      ['on', false],
      ['on', false],
    ]);
    wait(3999);
    expect(onTyping).toHaveBeenCalledTimes(2);
    wait(1);
    expect(onTyping).toHaveBeenLastCalledWith('off', false);
    expect(onTyping).toHaveBeenCalledTimes(3);
  });

  it("S0-9.06 says 'off' on send and on blur, and types privately in a note", () => {
    const { onTyping, onSend } = renderEditor({ mode: 'note' });
    key(noteBox(), 'note');
    expect(onTyping.mock.calls).toEqual([['on', true]]);
    fireEvent.keyDown(noteBox(), { key: 'Enter' });
    expect(onSend).toHaveBeenCalledWith(expect.objectContaining({ content: 'note', private: true }));
    expect(onTyping.mock.calls).toEqual([
      ['on', true],
      ['off', true],
    ]);
    act(() => noteBox().focus());
    key(noteBox(), 'more');
    act(() => noteBox().blur());
    expect(onTyping.mock.calls.slice(2)).toEqual([
      ['on', true],
      ['off', true],
    ]);
    wait(5000);
    expect(onTyping).toHaveBeenCalledTimes(4);
  });

  it("S0-9.06 switching mode while typing says 'off' for the reply", () => {
    const { onTyping } = renderEditor();
    key(replyBox(), 'a');
    act(() => screen.getByRole('tab', { name: 'Private Note' }).click());
    key(noteBox(), 'b');
    expect(onTyping.mock.calls).toEqual([
      ['on', false],
      ['off', false],
      ['on', true],
    ]);
  });
});
