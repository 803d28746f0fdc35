// Enum tuples defined once: the database's pgEnums, the zod schemas and the web app all reuse them.

export const ACCOUNT_ROLES = ['administrator', 'agent', 'checker'] as const;
export type AccountRole = (typeof ACCOUNT_ROLES)[number];

/**
 * Permissions a custom role may grant (001 section 6, plus knowledge_base_manage from 000, plus the two checker
 * view permissions whose names 001 section 6 leaves open: checker_view_manage opens the withdraw, recharge and
 * withdraw-issue lists of the member's inboxes; conversation_summary_manage the conversation summaries).
 */
export const CUSTOM_ROLE_PERMISSIONS = [
  'conversation_manage',
  'conversation_unassigned_manage',
  'conversation_participating_manage',
  'contact_manage',
  'report_manage',
  'knowledge_base_manage',
  'checker_view_manage',
  'conversation_summary_manage',
] as const;
export type CustomRolePermission = (typeof CUSTOM_ROLE_PERMISSIONS)[number];

export const AVAILABILITY_STATUSES = ['online', 'busy', 'offline'] as const;
export type Availability = (typeof AVAILABILITY_STATUSES)[number];

export const ACCOUNT_STATUSES = ['active', 'suspended'] as const;
export type AccountStatus = (typeof ACCOUNT_STATUSES)[number];

export const USER_TYPES = ['SuperAdmin'] as const;
export type UserType = (typeof USER_TYPES)[number];

/** Feature flags of 000 section 6, stored per account. */
export const FEATURE_FLAGS = [
  'agent_bots',
  'agent_management',
  'auto_resolve_conversations',
  'automations',
  'campaigns',
  'canned_responses',
  'crm',
  'custom_attributes',
  'inbox_management',
  'integrations',
  'labels',
  'macros',
  'help_center',
  'reports',
  'team_management',
  'voice_recorder',
  'audit_logs',
  'inbox_view',
  'sla',
  'response_bot',
  'channel_email',
  'channel_facebook',
  'channel_twitter',
  'channel_website',
  'custom_reply_domain',
  'custom_reply_email',
  'disable_branding',
  'email_continuity_on_api_channel',
  'inbound_emails',
  'ip_lookup',
  'linear_integration',
  'captain_integration',
  'custom_roles',
  'checker_view',
] as const;
export type FeatureFlag = (typeof FEATURE_FLAGS)[number];

/** Flags a self-hosted account starts without; every other flag starts on. */
export const FEATURES_OFF_BY_DEFAULT: readonly FeatureFlag[] = [
  'custom_reply_domain',
  'custom_reply_email',
  'disable_branding',
  'email_continuity_on_api_channel',
  'ip_lookup',
  'linear_integration',
  'captain_integration',
];

/** 001 section 6: the checker view feature is always on, whatever the stored map says. */
export const ALWAYS_ON_FEATURES: readonly FeatureFlag[] = ['checker_view'];

export const DEFAULT_LOCALE = 'en';
export const RTL_LOCALES = ['ar', 'as', 'fa', 'he', 'ku', 'ur'] as const;

export const CONVERSATION_SIDEBAR_ITEMS = [
  'conversation_actions',
  'macros',
  'conversation_info',
  'contact_attributes',
  'previous_conversation',
  'conversation_participants',
] as const;
export const CONTACT_SIDEBAR_ITEMS = ['contact_attributes', 'contact_labels', 'previous_conversation'] as const;
export const EDITOR_MESSAGE_KEYS = ['enter', 'cmd_enter'] as const;

/** Image types accepted for avatars and editor uploads (000 section 5). */
export const IMAGE_UPLOAD_EXTENSIONS = ['png', 'jpeg', 'jpg', 'gif', 'webp'] as const;
export const IMAGE_UPLOAD_MIME_TYPES = ['image/png', 'image/jpeg', 'image/gif', 'image/webp'] as const;
export const AVATAR_MAX_BYTES = 4 * 1024 * 1024;

export const AUDIT_LOGS_PER_PAGE = 15;
export const TRIAL_PERIOD_DAYS = 15;
export const DEFAULT_ACCOUNT_ID = 1;

/** Session tokens live two months, like Chatwoot's devise_token_auth set-up. */
export const SESSION_LIFETIME_SECONDS = 60 * 60 * 24 * 60;
export const PASSWORD_RESET_LIFETIME_SECONDS = 60 * 60 * 6;
export const INVITATION_LIFETIME_SECONDS = 60 * 60 * 24 * 7;
export const PASSWORD_MIN_LENGTH = 6;

export const ATTRIBUTE_MODELS = ['conversation_attribute', 'contact_attribute'] as const;
export type AttributeModel = (typeof ATTRIBUTE_MODELS)[number];
/** Chatwoot's attribute_display_type values, in its integer order. */
export const ATTRIBUTE_DISPLAY_TYPES = ['text', 'number', 'currency', 'percent', 'link', 'date', 'list', 'checkbox'] as const;
export type AttributeDisplayType = (typeof ATTRIBUTE_DISPLAY_TYPES)[number];
/** Chatwoot's custom filter_type values, in its integer order. */
export const CUSTOM_FILTER_TYPES = ['conversation', 'contact', 'report'] as const;
export type CustomFilterType = (typeof CUSTOM_FILTER_TYPES)[number];
export const DEFAULT_LABEL_COLOR = '#1f93ff';

/** Chatwoot's channel classes (001 section 3); an inbox has exactly one channel. */
export const CHANNEL_TYPES = [
  'Channel::WebWidget',
  'Channel::FacebookPage',
  'Channel::TwitterProfile',
  'Channel::TwilioSms',
  'Channel::Whatsapp',
  'Channel::Api',
  'Channel::Email',
  'Channel::Telegram',
  'Channel::Line',
  'Channel::Sms',
] as const;
export type ChannelType = (typeof CHANNEL_TYPES)[number];
/** The `channel.type` values `POST inboxes` accepts, and the class each creates. */
export const CHANNEL_TYPE_BY_PAYLOAD = {
  web_widget: 'Channel::WebWidget',
  api: 'Channel::Api',
  email: 'Channel::Email',
  sms: 'Channel::Sms',
  whatsapp: 'Channel::Whatsapp',
  line: 'Channel::Line',
  telegram: 'Channel::Telegram',
} as const satisfies Record<string, ChannelType>;
export const TWILIO_MEDIUMS = ['sms', 'whatsapp'] as const;
export const WHATSAPP_PROVIDERS = ['default', 'whatsapp_cloud'] as const;
export const SENDER_NAME_TYPES = ['friendly', 'professional'] as const;
export const DEFAULT_WIDGET_COLOR = '#009CE0';
export const AGENT_BOT_TYPES = ['webhook'] as const;

/** Chatwoot's conversation statuses, in its integer order. */
export const CONVERSATION_STATUSES = ['open', 'resolved', 'pending', 'snoozed'] as const;
export type ConversationStatus = (typeof CONVERSATION_STATUSES)[number];
/** Priorities low to urgent; none is null and sorts below low (001 section 4). */
export const CONVERSATION_PRIORITIES = ['low', 'medium', 'high', 'urgent'] as const;
export type ConversationPriority = (typeof CONVERSATION_PRIORITIES)[number];
/** Chatwoot's message types, in its integer order (0 incoming, 1 outgoing, 2 activity, 3 template). */
export const MESSAGE_TYPES = ['incoming', 'outgoing', 'activity', 'template'] as const;
export type MessageType = (typeof MESSAGE_TYPES)[number];
/** Delivery states; `progress` is the spec's state between send and the provider's answer. */
export const MESSAGE_STATUSES = ['sent', 'delivered', 'read', 'failed', 'progress'] as const;
export type MessageStatus = (typeof MESSAGE_STATUSES)[number];
export const MESSAGE_CONTENT_TYPES = [
  'text',
  'input_text',
  'input_textarea',
  'input_email',
  'input_select',
  'cards',
  'form',
  'article',
  'incoming_email',
  'input_csat',
  'integrations',
  'sticker',
] as const;
export const ATTACHMENT_FILE_TYPES = ['image', 'audio', 'video', 'file', 'location', 'fallback', 'share', 'story_mention', 'contact'] as const;
export const SENDER_TYPES = ['User', 'Contact', 'AgentBot'] as const;
