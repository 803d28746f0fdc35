import './messages.ts';
import { CONVERSATION_PRIORITIES, CONVERSATION_STATUSES } from '@app/shared/constants';
// Types only: @app/shared/custom-filters holds zod schemas, which the builder's chunks must not load.
import type { CONTACT_FILTER_KEYS, CONVERSATION_FILTER_KEYS } from '@app/shared/custom-filters';
import type { CustomAttributeDefinition } from '@app/shared/custom-attributes';
import { t, type MessageKey } from '../../lib/i18n/i18n.ts';
import type { FilterAttribute, FilterAttributeType, FilterOption } from './types.ts';

type ConversationKey = (typeof CONVERSATION_FILTER_KEYS)[number];
type ContactKey = (typeof CONTACT_FILTER_KEYS)[number];

/**
 * The value kind of each standard key, as apps/api/src/lib/filters/attributes.ts types it. The records are typed
 * by the shared key lists, so a key added there fails the build here; their order is the order offered.
 */
const CONVERSATION_TYPES: Record<ConversationKey, FilterAttributeType> = {
  status: 'enum',
  assignee_id: 'id',
  inbox_id: 'id',
  team_id: 'id',
  display_id: 'id',
  campaign_id: 'id',
  labels: 'labels',
  browser_language: 'text',
  conversation_language: 'text',
  country_code: 'text',
  referer: 'text',
  mail_subject: 'text',
  created_at: 'date',
  last_activity_at: 'date',
  priority: 'enum',
};
const CONTACT_TYPES: Record<ContactKey, FilterAttributeType> = {
  name: 'text',
  email: 'text',
  phone_number: 'text',
  identifier: 'text',
  country_code: 'text',
  city: 'text',
  company: 'text',
  referer: 'text',
  created_at: 'date',
  last_activity_at: 'date',
  labels: 'labels',
  blocked: 'boolean',
};

const standard = (key: string, type: FilterAttributeType, options?: readonly FilterOption[]): FilterAttribute => ({
  key,
  type,
  label: t(`FILTER_BUILDER.ATTR.${key}` as MessageKey),
  ...(options ? { options } : {}),
});

/** A custom attribute definition as a filter attribute (number, currency and percent compare as numbers…). */
export function customFilterAttribute(def: Pick<CustomAttributeDefinition, 'attribute_key' | 'attribute_display_name' | 'attribute_display_type' | 'attribute_values' | 'attribute_model'>): FilterAttribute {
  const typeOf: Record<CustomAttributeDefinition['attribute_display_type'], FilterAttributeType> = {
    text: 'text',
    link: 'text',
    number: 'number',
    currency: 'number',
    percent: 'number',
    date: 'date',
    checkbox: 'boolean',
    list: 'enum',
  };
  const type = typeOf[def.attribute_display_type];
  const options = type === 'enum' && def.attribute_values.length > 0 ? def.attribute_values.map((value) => ({ value, label: value })) : undefined;
  return { key: def.attribute_key, label: def.attribute_display_name, type, customAttributeType: def.attribute_model, ...(options ? { options } : {}) };
}

type Named = { id: number; name: string };
export type ConversationFilterSources = {
  inboxes?: readonly Named[];
  agents?: readonly { id: number; available_name?: string; name: string }[];
  teams?: readonly Named[];
  labels?: readonly { title: string }[];
  customAttributes?: readonly CustomAttributeDefinition[];
};

const byId = (list: readonly Named[] | undefined) => list?.map((item) => ({ value: item.id, label: item.name }));
const labelOptions = (labels: readonly { title: string }[] | undefined) => labels?.map((label) => ({ value: label.title, label: label.title }));

/** The conversation model: CONVERSATION_FILTER_KEYS with the account's inboxes, agents, teams, labels, then its custom attributes. */
export function conversationFilterAttributes(sources: ConversationFilterSources): FilterAttribute[] {
  const options: Partial<Record<ConversationKey, readonly FilterOption[] | undefined>> = {
    status: CONVERSATION_STATUSES.map((status) => ({ value: status, label: t(`CHAT_LIST.STATUS.${status}`) })),
    priority: [...CONVERSATION_PRIORITIES, 'none' as const].map((priority) => ({ value: priority, label: t(`CONVERSATION.PRIORITY.${priority}`) })),
    inbox_id: byId(sources.inboxes),
    assignee_id: sources.agents?.map((agent) => ({ value: agent.id, label: agent.available_name || agent.name })),
    team_id: byId(sources.teams),
    labels: labelOptions(sources.labels),
  };
  return [
    ...(Object.keys(CONVERSATION_TYPES) as ConversationKey[]).map((key) => standard(key, CONVERSATION_TYPES[key], options[key])),
    ...(sources.customAttributes ?? []).filter((def) => def.attribute_model === 'conversation_attribute').map(customFilterAttribute),
  ];
}

/** The contact model: CONTACT_FILTER_KEYS with the account's labels, then its contact custom attributes. */
export function contactFilterAttributes(sources: Pick<ConversationFilterSources, 'labels' | 'customAttributes'>): FilterAttribute[] {
  const labels = labelOptions(sources.labels);
  return [
    ...(Object.keys(CONTACT_TYPES) as ContactKey[]).map((key) => standard(key, CONTACT_TYPES[key], key === 'labels' ? labels : undefined)),
    ...(sources.customAttributes ?? []).filter((def) => def.attribute_model === 'contact_attribute').map(customFilterAttribute),
  ];
}
