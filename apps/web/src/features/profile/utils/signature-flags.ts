import { CHANNEL_TYPES } from '@app/shared/constants';
import type { UiSettings } from '@app/shared/users';

/** Chatwoot's channel slug: `Channel::Email` → `channel_email`. */
export const slugifyChannel = (channelType: string) => channelType.toLowerCase().replace(' ', '_').replace('-', '_').replace('::', '_');

/** The ui_settings key of a channel's signature flag (000 section 3), as Chatwoot names it: `channel_email_signature_enabled`. */
export const signatureFlagKey = (channelType: string) => `${slugifyChannel(channelType)}_signature_enabled`;

/** Whether replies in that channel get the signature; off unless turned on. */
export const isSignatureEnabled = (uiSettings: UiSettings, channelType: string) => uiSettings[signatureFlagKey(channelType)] === true;

/** The channels a signature flag can be set for, in the order the page lists them. */
export const SIGNATURE_CHANNELS = CHANNEL_TYPES;
