import { describe, expect, it } from 'vitest';
import { render } from '@testing-library/react';
import { CHANNEL_TYPES } from '@app/shared/constants';
import { makeInbox } from '../../../test/fixtures.ts';
import { ChannelIcon, channelIconOf } from './channel-icon.tsx';
import { CHANNEL_PAGES } from '../utils/channels.ts';

describe('channel icons', () => {
  it('S0-3.36 every channel type has an icon; a Twilio inbox shows SMS or WhatsApp by its medium or number prefix', () => {
    const icons = Object.fromEntries(CHANNEL_TYPES.map((type) => [type, channelIconOf(makeInbox(1, 'x', { channel_type: type }))]));
    expect(icons).toEqual({
      'Channel::WebWidget': 'website',
      'Channel::FacebookPage': 'facebook',
      'Channel::TwitterProfile': 'twitter',
      'Channel::TwilioSms': 'sms',
      'Channel::Whatsapp': 'whatsapp',
      'Channel::Api': 'api',
      'Channel::Email': 'email',
      'Channel::Telegram': 'telegram',
      'Channel::Line': 'line',
      'Channel::Sms': 'sms',
    });
    expect(channelIconOf(makeInbox(1, 'x', { channel_type: 'Channel::TwilioSms', medium: 'whatsapp' }))).toBe('whatsapp');
    expect(channelIconOf(makeInbox(1, 'x', { channel_type: 'Channel::TwilioSms', phone_number: 'whatsapp:+14155550100' }))).toBe('whatsapp');
    for (const page of CHANNEL_PAGES) {
      const { container } = render(<ChannelIcon channel={page} />);
      expect(container.querySelector('svg path')!.getAttribute('d')).not.toBe('');
    }
  });
});
