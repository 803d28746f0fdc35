import { afterEach, describe, expect, it, vi } from 'vitest';
import { createTypingNotifier } from './typing-notifier.ts';

describe('typing notifier', () => {
  afterEach(() => vi.useRealTimers());

  it('S0-9.06 says on at most every 4000 ms while typing and off after 4000 ms without a keystroke', () => {
    vi.useFakeTimers();
    const emit = vi.fn();
    const typing = createTypingNotifier();
    for (let i = 0; i < 30; i++) {
      typing.typed(false, emit);
      vi.advanceTimersByTime(300); // 9 s of steady typing
    }
    expect(emit.mock.calls).toEqual([
      ['on', false],
      ['on', false],
      ['on', false],
    ]);
    vi.advanceTimersByTime(4000);
    expect(emit).toHaveBeenLastCalledWith('off', false);
    expect(emit).toHaveBeenCalledTimes(4);
  });

  it('says off once on stop, to the emitter that said on, and restarts when the mode changes', () => {
    vi.useFakeTimers();
    const first = vi.fn();
    const second = vi.fn();
    const typing = createTypingNotifier();
    typing.typed(false, first);
    typing.typed(false, second);
    typing.stop();
    typing.stop();
    expect(first.mock.calls).toEqual([
      ['on', false],
      ['off', false],
    ]);
    expect(second).not.toHaveBeenCalled();
    typing.typed(false, first);
    typing.typed(true, first);
    expect(first.mock.calls.slice(2)).toEqual([
      ['on', false],
      ['off', false],
      ['on', true],
    ]);
  });
});
