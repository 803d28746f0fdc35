import { boolean, jsonb, pgTable, text } from 'drizzle-orm/pg-core';
import { timestamps } from './_columns.ts';

/** Installation-wide settings (sign-up, branding, deployment kind), editable by super admins. */
export const installationConfigs = pgTable('installation_configs', {
  name: text().primaryKey(),
  value: jsonb().$type<unknown>().notNull(),
  locked: boolean().notNull().default(false),
  ...timestamps(),
});
