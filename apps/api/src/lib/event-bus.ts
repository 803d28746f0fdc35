import { EventEmitter } from 'node:events';
import type { DomainEvent } from '@app/shared/events';
import type { Logger } from './logger.ts';

export type EventBus = {
  /** Call after the transaction that made the change has committed. */
  publish: (event: DomainEvent) => void;
  /** This process's events, as they are published (realtime fan-out, jobs, webhooks). */
  subscribe: (listener: (event: DomainEvent) => void | Promise<void>) => () => void;
  /**
   * Every process's events: this process's as they are published, the others' as the realtime backbone brings
   * them (`receive`). For what any process's change makes stale here: the caches of counts.
   */
  observe: (listener: (event: DomainEvent) => void) => () => void;
  /** An event another process published (its `publish`), handed over by the realtime backbone. */
  receive: (event: DomainEvent) => void;
};

/**
 * In-process bus: services publish domain events, listeners (realtime, webhooks, notifications) subscribe.
 * A failing listener is logged and never reaches the publisher. The realtime backbone (Redis pub/sub with
 * several processes) carries each published event to the other processes, which hand it to `receive`: their
 * observers hear it, their subscribers do not (the process that published it did that work).
 */
export function createEventBus(log: Logger): EventBus {
  const emitter = new EventEmitter();
  emitter.setMaxListeners(100);
  const listen = (channel: 'local' | 'any', listener: (event: DomainEvent) => void | Promise<void>) => {
    const wrapped = (event: DomainEvent) => {
      Promise.resolve()
        .then(() => listener(event))
        .catch((err: unknown) => log.error({ err, event: event.name }, 'event listener failed'));
    };
    emitter.on(channel, wrapped);
    return () => void emitter.off(channel, wrapped);
  };
  return {
    publish(event) {
      emitter.emit('local', event);
      emitter.emit('any', event);
    },
    subscribe: (listener) => listen('local', listener),
    observe: (listener) => listen('any', listener),
    receive(event) {
      emitter.emit('any', event);
    },
  };
}
