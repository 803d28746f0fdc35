import { describe, expect, it } from 'vitest';
import { CHANNEL_TYPES } from './constants.ts';
import { canStartConversation } from './inboxes.ts';

describe('inboxes offered for a new conversation', () => {
  it('S1-5.52 offers email inboxes and Twilio WhatsApp inboxes', () => {
    expect(canStartConversation({ channel_type: 'Channel::Email', medium: null })).toBe(true);
    expect(canStartConversation({ channel_type: 'Channel::TwilioSms', medium: 'whatsapp' })).toBe(true);
  });

  it('S1-5.53 offers no other inbox (Twilio SMS, WhatsApp cloud, web widget, API, ...)', () => {
    expect(canStartConversation({ channel_type: 'Channel::TwilioSms', medium: 'sms' })).toBe(false);
    const others = CHANNEL_TYPES.filter((type) => type !== 'Channel::Email' && type !== 'Channel::TwilioSms');
    for (const channel_type of others) expect(canStartConversation({ channel_type, medium: null }), channel_type).toBe(false);
  });
});
