import type { UiSettings } from '@app/shared/users';

/**
 * The ui_settings key of a channel's signature flag, as Chatwoot names it: `Channel::Email` →
 * `channel_email_signature_enabled` (its slug replaces the first space, dash and `::`).
 */
export function signatureFlagKey(channelType: string): string {
  const slug = channelType.toLowerCase().replace(' ', '_').replace('-', '_').replace('::', '_');
  return `${slug}_signature_enabled`;
}

/** The signature to append to replies in this channel, or null (flag off, or no signature written). */
export function signatureFor(uiSettings: UiSettings, channelType: string, messageSignature: string | null): string | null {
  const signature = messageSignature?.trim();
  if (!signature || !channelType) return null;
  return uiSettings[signatureFlagKey(channelType)] === true ? signature : null;
}

/** The reply with the signature below a blank line; a reply that already ends with it is left alone. */
export function appendSignature(content: string, signature: string): string {
  const body = content.trimEnd();
  if (!body || body.endsWith(signature)) return body;
  return `${body}\n\n${signature}`;
}
