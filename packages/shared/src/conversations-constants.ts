// The conversation list's constants, without zod: the web app's workspace imports them (its production build
// ships no zod).
import { CONVERSATION_STATUSES } from './constants.ts';

export const CONVERSATIONS_PER_PAGE = 25;

export const CONVERSATION_SORTS = [
  'latest',
  'sort_on_created_at',
  'sort_on_priority',
  'sort_on_waiting_since',
  'last_activity_at_asc',
  'last_activity_at_desc',
  'created_at_asc',
  'created_at_desc',
  'priority_asc',
  'priority_desc',
  'waiting_since_asc',
  'waiting_since_desc',
] as const;
export type ConversationSort = (typeof CONVERSATION_SORTS)[number];

export const ASSIGNEE_TYPES = ['me', 'unassigned', 'assigned', 'all'] as const;
export const CONVERSATION_TYPES = ['mention', 'participating', 'unattended'] as const;
export const STATUS_FILTERS = [...CONVERSATION_STATUSES, 'all'] as const;
