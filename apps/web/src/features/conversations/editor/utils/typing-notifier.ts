import { TYPING_INTERVAL_MS } from '../constants.ts';

export type TypingStatus = 'on' | 'off';
export type TypingEmitter = (status: TypingStatus, isPrivate: boolean) => void;

export type TypingNotifier = {
  /** A keystroke: announces 'on' unless it was announced less than `interval` ago, and restarts the idle timer. */
  typed: (isPrivate: boolean, emit: TypingEmitter) => void;
  /** Announces 'off' if 'on' was the last thing said (send, blur, mode or conversation change, idle). */
  stop: () => void;
};

/**
 * Typing announcements (000 section 9: a 4000 ms editor interval). 'on' is repeated at most every
 * `interval` while the agent keeps typing, so other agents' indicators (which clear after 30 s) stay up;
 * 'off' follows `interval` without a keystroke. 'off' goes to the emitter that said 'on', so it reaches
 * the conversation the typing happened in even if the view has moved on.
 */
export function createTypingNotifier(interval = TYPING_INTERVAL_MS): TypingNotifier {
  let announcedAt = -Infinity;
  let current: { emit: TypingEmitter; isPrivate: boolean } | null = null;
  let idleTimer: ReturnType<typeof setTimeout> | undefined;

  const stop = () => {
    clearTimeout(idleTimer);
    idleTimer = undefined;
    if (!current) return;
    const { emit, isPrivate } = current;
    current = null;
    announcedAt = -Infinity;
    emit('off', isPrivate);
  };

  const typed = (isPrivate: boolean, emit: TypingEmitter) => {
    if (current && current.isPrivate !== isPrivate) stop();
    const now = Date.now();
    if (!current || now - announcedAt >= interval) {
      // A view passing a new callback on each render must not restart the announcements, so the emitter is
      // only taken at an announcement.
      current = { emit, isPrivate };
      announcedAt = now;
      emit('on', isPrivate);
    }
    clearTimeout(idleTimer);
    idleTimer = setTimeout(stop, interval);
  };

  return { typed, stop };
}
