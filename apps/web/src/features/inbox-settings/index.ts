// The inbox-settings feature's public surface.
export { inboxSettingsRoutes } from './routes.tsx';
// The channel's icon and name, for the screens that show inboxes (the creation wizard, pickers).
export { ChannelIcon } from './components/channel-icon.tsx';
export { CHANNEL_LABELS, channelLabelKey } from './utils/channel.ts';
