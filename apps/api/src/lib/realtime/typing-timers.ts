import type { DomainEvent } from '@app/shared/events';
import { typingConversationId, typistId } from './scope.ts';
import type { Envelope } from './types.ts';

type TypingEvent = Extract<DomainEvent, { name: 'conversation.typing_on' | 'conversation.typing_off' }>;

/**
 * Server-side expiry of typing indicators: a typing_on published by this process is followed by a
 * typing_off for the same user and conversation after `timeoutMs`, unless another typing event for
 * that pair passes first (from any process). Timers are unref'd so they never keep the process alive.
 */
export function createTypingTimers(options: { timeoutMs: () => number; origin: string; expire: (event: TypingEvent) => void }) {
  const timers = new Map<string, NodeJS.Timeout>();

  return {
    observe(envelope: Envelope) {
      const event = envelope.event;
      if (event.name !== 'conversation.typing_on' && event.name !== 'conversation.typing_off') return;
      const userId = typistId(event.data);
      const conversationId = typingConversationId(event.data);
      if (userId === undefined || conversationId === undefined) return;
      const key = `${event.accountId}:${conversationId}:${userId}`;
      clearTimeout(timers.get(key));
      timers.delete(key);
      if (event.name !== 'conversation.typing_on' || envelope.origin !== options.origin) return;
      const timer = setTimeout(() => {
        timers.delete(key);
        options.expire({ ...event, name: 'conversation.typing_off' });
      }, options.timeoutMs());
      timer.unref();
      timers.set(key, timer);
    },
    clear() {
      for (const timer of timers.values()) clearTimeout(timer);
      timers.clear();
    },
  };
}
