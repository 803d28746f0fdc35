import { AVATAR_MAX_BYTES } from '@app/shared/constants';

/** 000 section 9: typing notifications use a 4000 ms editor interval (re-announced at most this often, 'off' after this long idle). */
export const TYPING_INTERVAL_MS = 4000;

/** 000 section 9: editor image uploads are at most 4 MB (the same limit as avatars). */
export const EDITOR_IMAGE_MAX_BYTES = AVATAR_MAX_BYTES;

/** 000 section 9: emoji suggestions need at least 2 characters after the colon. */
export const EMOJI_MIN_QUERY = 2;

/** The spec gives no length for the suggestion lists; ten rows fit above the reply box without scrolling far. */
export const SUGGESTION_MAX_ITEMS = 10;

/** How long the draft waits after the last keystroke before it is written to local storage. */
export const DRAFT_SAVE_DELAY_MS = 300;

/** Variables offered after `{{` when the view passes none (the keys Chatwoot's canned responses know). */
export const DEFAULT_VARIABLE_KEYS = ['contact.name', 'contact.email', 'contact.phone', 'agent.name', 'conversation.id'] as const;
