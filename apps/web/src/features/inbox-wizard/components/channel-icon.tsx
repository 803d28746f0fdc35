import type { Inbox } from '@app/shared/inboxes';
import { StrokeIcon } from '../../../components/stroke-icon.tsx';
import type { ChannelPage } from '../utils/channels.ts';

// Line icons of the channels (000 section 3: icons exist for each channel type); our own simple shapes.
const PATHS: Record<ChannelPage, string> = {
  website: 'M12 3a9 9 0 1 0 0 18a9 9 0 1 0 0-18M3 12h18M12 3c2.5 2.6 3.8 5.6 3.8 9s-1.3 6.4-3.8 9c-2.5-2.6-3.8-5.6-3.8-9S9.5 5.6 12 3',
  facebook: 'M15 3h-2.5A3.5 3.5 0 0 0 9 6.5V9H6.5v3.5H9V21h3.5v-8.5H15l.5-3.5h-3V7a1 1 0 0 1 1-1H15z',
  twitter: 'M4 4l16 16M20 4L4 20',
  api: 'M8 7l-5 5 5 5M16 7l5 5-5 5M13.5 5l-3 14',
  email: 'M4 6h16v12H4zM4 7l8 6 8-6',
  sms: 'M4 5h16v11H9l-5 4zM8 10h8M8 13h5',
  whatsapp: 'M4 20l1.3-4A8 8 0 1 1 8 18.7zM9 9.5c0 3 2.5 5.5 5.5 5.5l1-1.5-2-1-1 .8a4 4 0 0 1-1.8-1.8l.8-1-1-2z',
  line: 'M4 10.5C4 6.9 7.6 4 12 4s8 2.9 8 6.5-3.6 6.5-8 6.5c-.7 0-1.4-.1-2-.2L6 19v-3.3c-1.3-1.2-2-3-2-5.2M8 9v3h2M12 9v3M14.5 12V9l2.5 3V9',
  telegram: 'M21 4L3 11l6 2 2 6 3-4 5 4zM9 13l8-6',
};

export function ChannelIcon({ channel, size = 22 }: { channel: ChannelPage; size?: number }) {
  return <StrokeIcon d={PATHS[channel]} size={size} className={`channel-icon channel-icon--${channel}`} strokeWidth={1.7} />;
}

const BY_TYPE: Record<Inbox['channel_type'], ChannelPage> = {
  'Channel::WebWidget': 'website',
  'Channel::FacebookPage': 'facebook',
  'Channel::TwitterProfile': 'twitter',
  'Channel::Api': 'api',
  'Channel::Email': 'email',
  'Channel::Sms': 'sms',
  'Channel::TwilioSms': 'sms',
  'Channel::Whatsapp': 'whatsapp',
  'Channel::Line': 'line',
  'Channel::Telegram': 'telegram',
};

/**
 * The icon of an inbox's channel (000 section 3). A Twilio inbox is SMS or WhatsApp: its medium says which,
 * and for numbers stored Twilio's way, a `whatsapp:` prefix.
 */
export function channelIconOf(inbox: Pick<Inbox, 'channel_type' | 'medium' | 'phone_number'>): ChannelPage {
  if (inbox.channel_type === 'Channel::TwilioSms') {
    return inbox.medium === 'whatsapp' || inbox.phone_number?.startsWith('whatsapp:') ? 'whatsapp' : 'sms';
  }
  return BY_TYPE[inbox.channel_type];
}

/** An inbox's channel icon, for lists of inboxes. */
export function InboxChannelIcon({ inbox, size = 18 }: { inbox: Pick<Inbox, 'channel_type' | 'medium' | 'phone_number'>; size?: number }) {
  return <ChannelIcon channel={channelIconOf(inbox)} size={size} />;
}
