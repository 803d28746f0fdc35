export * from './enums.ts';
export * from './accounts.ts';
export * from './auth.ts';
export * from './audit.ts';
export * from './installation.ts';
export * from './settings.ts';
export * from './inboxes.ts';
export * from './conversations.ts';
