// The inbox-wizard feature's public surface.
export { inboxWizardRoutes } from './routes.tsx';
// The channel icons, for lists of inboxes (the inbox settings list shows them).
export { ChannelIcon, InboxChannelIcon, channelIconOf } from './components/channel-icon.tsx';
// The chooser's route, where the inbox list's "New inbox" button leads.
export const NEW_INBOX_PATH = 'settings/inboxes/new';
