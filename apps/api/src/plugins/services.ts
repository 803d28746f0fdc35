import fp from 'fastify-plugin';
import type { Database } from '@app/db';
import type { Config } from './config.ts';
import type { Mailer } from '../lib/mailer.ts';
import type { Storage } from '../lib/storage.ts';
import type { EventBus } from '../lib/event-bus.ts';

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    database: Database;
    db: Database['db'];
    mailer: Mailer;
    storage: Storage;
    bus: EventBus;
  }
}

export type ServicesOptions = { config: Config; database: Database; mailer: Mailer; storage: Storage; bus: EventBus };

/** Decorates the app with the process-wide dependencies services receive through their ctx. */
export const servicesPlugin = fp<ServicesOptions>(
  async (app, options) => {
    app.decorate('config', options.config);
    app.decorate('database', options.database);
    app.decorate('db', options.database.db);
    app.decorate('mailer', options.mailer);
    app.decorate('storage', options.storage);
    app.decorate('bus', options.bus);
  },
  { name: 'db' },
);
