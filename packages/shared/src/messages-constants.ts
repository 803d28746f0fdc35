// Message constants, without zod: the web app's workspace and reply editor import them (their production build
// ships no zod).
import { MESSAGE_TYPES, type MessageType } from './constants.ts';

/** REST and realtime carry message_type as Chatwoot's integer (0 incoming, 1 outgoing, 2 activity, 3 template). */
export const messageTypeNumber = (type: MessageType): number => MESSAGE_TYPES.indexOf(type);

/** Chatwoot's content length limit. */
export const MESSAGE_CONTENT_MAX = 150_000;
/** Per file; plugins/multipart refuses larger parts before they reach the route (413). */
export const MESSAGE_ATTACHMENT_MAX_BYTES = 40 * 1024 * 1024;
export const MESSAGE_ATTACHMENTS_MAX = 10;
/** Page sizes of GET messages (Chatwoot's MessageFinder). */
export const MESSAGES_PAGE = { latest: 20, before: 20, after: 100, between: 1000 } as const;
