// The contacts feature's public surface: its routes, and the contact update the conversation sidebar's panel uses.
export { contactsRoutes } from './routes.tsx';
export { updateContact } from './contact-update.ts';
