import { describe, expect, it } from 'vitest';
import { CHANNEL_TYPES } from '@app/shared/constants';
import { isSignatureEnabled, signatureFlagKey, slugifyChannel } from './signature-flags.ts';

describe('signature flags', () => {
  it("S0-3.12 each channel has its own ui_settings flag, named as Chatwoot names it", () => {
    expect(slugifyChannel('Channel::Email')).toBe('channel_email');
    expect(signatureFlagKey('Channel::WebWidget')).toBe('channel_webwidget_signature_enabled');
    expect(new Set(CHANNEL_TYPES.map(signatureFlagKey)).size).toBe(CHANNEL_TYPES.length);
  });

  it('a flag is off unless it is true', () => {
    expect(isSignatureEnabled({}, 'Channel::Email')).toBe(false);
    expect(isSignatureEnabled({ channel_email_signature_enabled: 'yes' }, 'Channel::Email')).toBe(false);
    expect(isSignatureEnabled({ channel_email_signature_enabled: true }, 'Channel::Email')).toBe(true);
  });
});
