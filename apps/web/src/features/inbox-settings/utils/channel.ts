import type { ChannelType } from '@app/shared/constants';
import type { Inbox } from '@app/shared/inboxes';
import type { MessageKey } from '../../../lib/i18n/i18n.ts';

/** Line icons of the channels (24px grid), drawn with StrokeIcon. */
export const CHANNEL_ICON_PATHS: Record<ChannelType, string> = {
  'Channel::WebWidget': 'M12 22a10 10 0 1 0 0-20 10 10 0 0 0 0 20zM2 12h20M12 2a15.3 15.3 0 0 1 4 10 15.3 15.3 0 0 1-4 10 15.3 15.3 0 0 1-4-10 15.3 15.3 0 0 1 4-10z',
  'Channel::Api': 'M16 18l6-6-6-6M8 6l-6 6 6 6',
  'Channel::Email': 'M4 4h16c1.1 0 2 .9 2 2v12c0 1.1-.9 2-2 2H4c-1.1 0-2-.9-2-2V6c0-1.1.9-2 2-2zM22 6l-10 7L2 6',
  'Channel::Sms': 'M21 15a2 2 0 0 1-2 2H7l-4 4V5a2 2 0 0 1 2-2h14a2 2 0 0 1 2 2zM8 9h8M8 13h5',
  'Channel::TwilioSms': 'M21 15a2 2 0 0 1-2 2H7l-4 4V5a2 2 0 0 1 2-2h14a2 2 0 0 1 2 2zM8 9h8M8 13h5',
  'Channel::Whatsapp': 'M3 21l1.65-3.8a9 9 0 1 1 3.4 2.9L3 21M9 10a.5.5 0 0 0 1 0V9a.5.5 0 0 0-1 0v1a5 5 0 0 0 5 5h1a.5.5 0 0 0 0-1h-1a.5.5 0 0 0 0 1',
  'Channel::Telegram': 'M22 2 11 13M22 2l-7 20-4-9-9-4 20-7z',
  'Channel::Line': 'M21 10.5C21 6.36 16.97 3 12 3S3 6.36 3 10.5c0 3.7 3.2 6.8 7.55 7.4.3.06.7.2.8.45.09.23.06.58.03.8l-.13.78c-.04.23-.18.9.79.49s5.2-3.06 7.1-5.24C20.44 13.8 21 12.2 21 10.5z',
  'Channel::FacebookPage': 'M18 2h-3a5 5 0 0 0-5 5v3H7v4h3v8h4v-8h3l1-4h-4V7a1 1 0 0 1 1-1h3z',
  'Channel::TwitterProfile': 'M4 4l16 16M20 4 4 20',
};

/** The channel's name as the list shows it. */
export const CHANNEL_LABELS: Record<ChannelType, MessageKey> = {
  'Channel::WebWidget': 'INBOX_MGMT.CHANNELS.WEBSITE',
  'Channel::Api': 'INBOX_MGMT.CHANNELS.API',
  'Channel::Email': 'INBOX_MGMT.CHANNELS.EMAIL',
  'Channel::Sms': 'INBOX_MGMT.CHANNELS.SMS',
  'Channel::TwilioSms': 'INBOX_MGMT.CHANNELS.TWILIO_SMS',
  'Channel::Whatsapp': 'INBOX_MGMT.CHANNELS.WHATSAPP',
  'Channel::Telegram': 'INBOX_MGMT.CHANNELS.TELEGRAM',
  'Channel::Line': 'INBOX_MGMT.CHANNELS.LINE',
  'Channel::FacebookPage': 'INBOX_MGMT.CHANNELS.FACEBOOK',
  'Channel::TwitterProfile': 'INBOX_MGMT.CHANNELS.TWITTER',
};

/** A Twilio inbox is SMS or WhatsApp by its medium. */
export function channelLabelKey(inbox: Pick<Inbox, 'channel_type' | 'medium'>): MessageKey {
  if (inbox.channel_type === 'Channel::TwilioSms' && inbox.medium === 'whatsapp') return 'INBOX_MGMT.CHANNELS.TWILIO_WHATSAPP';
  return CHANNEL_LABELS[inbox.channel_type];
}

/** What identifies the inbox's channel beside its name: the site, the address or the number. */
export function channelDetail(inbox: Inbox): string {
  switch (inbox.channel_type) {
    case 'Channel::WebWidget':
      return inbox.website_url ?? '';
    case 'Channel::Email':
      return inbox.email ?? '';
    case 'Channel::Api':
      return inbox.webhook_url ?? '';
    default:
      return inbox.phone_number ?? '';
  }
}

export const SETTINGS_TABS = ['settings', 'collaborators', 'configuration', 'business-hours', 'bot'] as const;
export type SettingsTab = (typeof SETTINGS_TABS)[number];

/**
 * The tabs an inbox shows: configuration only for channels with something to configure after creation
 * (Facebook and Twitter have none), the bot tab only when the account has agent bots.
 */
export function tabsFor(inbox: Pick<Inbox, 'channel_type'>, agentBots: boolean): SettingsTab[] {
  return SETTINGS_TABS.filter((tab) => {
    if (tab === 'configuration') return inbox.channel_type !== 'Channel::FacebookPage' && inbox.channel_type !== 'Channel::TwitterProfile';
    if (tab === 'bot') return agentBots;
    return true;
  });
}
