import { z } from 'zod';
import { CONVERSATION_STATUSES } from './constants.ts';
import { ContactSchema } from './contacts.ts';

/** Results a page of one search tab holds; the `all` tab shows the first few of each. */
export const SEARCH_PAGE_SIZE = 15;
export const SEARCH_ALL_PREVIEW = 5;

/** GET search, search/contacts, search/conversations, search/messages. */
export const SearchQuerySchema = z.object({
  q: z.string({ error: 'must be text' }).trim().min(1, 'must not be blank').max(200, 'is too long (maximum is 200 characters)'),
  page: z.coerce.number().int().min(1).max(10_000).default(1),
});
export type SearchQuery = z.infer<typeof SearchQuerySchema>;

/** Where a result matched: the field and an excerpt around the first match (at most 200 characters) to highlight q in. */
export const SearchMatchSchema = z.object({ field: z.string(), snippet: z.string() });

export const SearchContactSchema = ContactSchema.omit({ contact_inboxes: true }).extend({ matched: SearchMatchSchema });

const SearchInboxSchema = z.object({ id: z.number().int(), name: z.string(), channel_type: z.string() });
const SearchPersonSchema = z.object({ id: z.number().int(), name: z.string(), thumbnail: z.string() });

export const SearchConversationSchema = z.object({
  id: z.number().int().describe('The display id, as in the conversation routes.'),
  account_id: z.number().int(),
  status: z.enum(CONVERSATION_STATUSES),
  created_at: z.number().int(),
  last_activity_at: z.number().int(),
  inbox: SearchInboxSchema,
  contact: SearchPersonSchema.extend({ email: z.string().nullable(), phone_number: z.string().nullable() }),
  assignee: SearchPersonSchema.nullable(),
  /** The latest message, for the preview line. */
  message: z.object({ id: z.number().int(), content: z.string().nullable(), created_at: z.number().int() }).nullable(),
  matched: SearchMatchSchema,
});

export const SearchMessageSchema = z.object({
  id: z.number().int(),
  content: z.string(),
  message_type: z.number().int(),
  private: z.boolean(),
  created_at: z.number().int(),
  conversation_id: z.number().int().describe('The display id.'),
  inbox: SearchInboxSchema,
  sender: z.object({ id: z.number().int(), name: z.string(), thumbnail: z.string(), type: z.enum(['contact', 'user', 'agent_bot']) }).nullable(),
  matched: SearchMatchSchema,
});

/** Each list holds only what the caller may see: contacts need contact access, conversations and messages their inboxes. */
export const SearchAllSchema = z.object({
  payload: z.object({
    contacts: z.array(SearchContactSchema),
    conversations: z.array(SearchConversationSchema),
    messages: z.array(SearchMessageSchema),
  }),
});
export const SearchContactsSchema = z.object({ payload: z.object({ contacts: z.array(SearchContactSchema) }) });
export const SearchConversationsSchema = z.object({ payload: z.object({ conversations: z.array(SearchConversationSchema) }) });
export const SearchMessagesSchema = z.object({ payload: z.object({ messages: z.array(SearchMessageSchema) }) });
export type SearchContact = z.infer<typeof SearchContactSchema>;
export type SearchConversation = z.infer<typeof SearchConversationSchema>;
export type SearchMessage = z.infer<typeof SearchMessageSchema>;
export type SearchAll = z.infer<typeof SearchAllSchema>;
