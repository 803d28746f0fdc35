import { describe, expect, it } from 'vitest';
import { makeUser } from '../../../../test/fixtures.ts';
import { appendSignature, signatureFlagKey, signatureFor } from './signature.ts';

describe('signature', () => {
  it('S0-3.12 the per-channel flag is <channel slug>_signature_enabled', () => {
    expect(signatureFlagKey('Channel::Email')).toBe('channel_email_signature_enabled');
    expect(signatureFlagKey('Channel::WebWidget')).toBe('channel_webwidget_signature_enabled');
  });

  it('S1-3.10 applies the message_signature only where the channel flag is on', () => {
    const user = makeUser({ message_signature: '-- Jane', ui_settings: { channel_email_signature_enabled: true } });
    expect(signatureFor(user.ui_settings, 'Channel::Email', user.message_signature)).toBe('-- Jane');
    expect(signatureFor(user.ui_settings, 'Channel::Api', user.message_signature)).toBeNull();
    expect(signatureFor(user.ui_settings, 'Channel::Email', '   ')).toBeNull();
  });

  it('appends below a blank line, once', () => {
    expect(appendSignature('Hello', '-- Jane')).toBe('Hello\n\n-- Jane');
    expect(appendSignature('Hello\n\n-- Jane', '-- Jane')).toBe('Hello\n\n-- Jane');
  });
});
