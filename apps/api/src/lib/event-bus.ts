import { EventEmitter } from 'node:events';
import type { DomainEvent } from '@app/shared/events';
import type { Logger } from './logger.ts';

export type EventBus = {
  /** Call after the transaction that made the change has committed. */
  publish: (event: DomainEvent) => void;
  subscribe: (listener: (event: DomainEvent) => void | Promise<void>) => () => void;
};

/**
 * In-process bus: services publish domain events, listeners (realtime, webhooks, notifications) subscribe.
 * A failing listener is logged and never reaches the publisher. The Redis fan-out to other processes
 * plugs in behind the same two calls.
 */
export function createEventBus(log: Logger): EventBus {
  const emitter = new EventEmitter();
  emitter.setMaxListeners(100);
  return {
    publish(event) {
      emitter.emit('event', event);
    },
    subscribe(listener) {
      const wrapped = (event: DomainEvent) => {
        Promise.resolve()
          .then(() => listener(event))
          .catch((err: unknown) => log.error({ err, event: event.name }, 'event listener failed'));
      };
      emitter.on('event', wrapped);
      return () => emitter.off('event', wrapped);
    },
  };
}
