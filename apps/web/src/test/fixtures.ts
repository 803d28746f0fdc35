import type { Inbox } from '@app/shared/inboxes';
import { permissionsFor } from '@app/shared/permissions';
import type { CurrentUser, UserAccount } from '@app/shared/users';
import type { CustomRolePermission } from '@app/shared/constants';

/** One entry of the user's accounts, with the access tokens the server would compute for it. */
export function makeAccount(id: number, role: UserAccount['role'] = 'administrator', extra: Partial<UserAccount> = {}): UserAccount {
  const customRolePermissions = extra.custom_role?.permissions ?? null;
  return {
    id,
    name: `Account ${id}`,
    status: 'active',
    locale: 'en',
    active_at: null,
    role,
    permissions: permissionsFor({ role, customRolePermissions }),
    availability: 'online',
    availability_status: 'online',
    auto_offline: true,
    custom_role_id: extra.custom_role?.id ?? null,
    custom_role: null,
    leader_inbox: [],
    checker_inbox: [],
    ...extra,
  };
}

export const customRole = (permissions: CustomRolePermission[], name = 'Support lead') => ({ id: 9, name, description: null, permissions });

/** A current user as GET /auth/validate_token answers it; valid against CurrentUserSchema. */
export function makeUser(overrides: Partial<CurrentUser> = {}): CurrentUser {
  const accounts = overrides.accounts ?? [makeAccount(7, 'administrator', { name: 'Northwind' })];
  return {
    id: 1,
    access_token: 'api-token',
    account_id: accounts[0]?.id ?? null,
    accounts,
    available_name: 'Jane Doe',
    avatar_url: '',
    thumbnail: '',
    confirmed: true,
    display_name: null,
    message_signature: null,
    email: 'jane@example.com',
    uid: 'jane@example.com',
    hmac_identifier: 'hmac',
    inviter_id: null,
    name: 'Jane Doe',
    provider: 'email',
    pubsub_token: 'pubsub',
    role: accounts[0]?.role ?? null,
    permissions: accounts[0]?.permissions ?? [],
    custom_role_id: null,
    availability: 'online',
    availability_status: 'online',
    auto_offline: true,
    leader_inbox: [],
    checker_inbox: [],
    ui_settings: {},
    custom_attributes: {},
    type: null,
    ...overrides,
  };
}

/** The five headers a sign-in answer carries. */
export function sessionHeaders(overrides: Record<string, string> = {}): Record<string, string> {
  return {
    'access-token': 'tok-123',
    'token-type': 'Bearer',
    client: 'client-abc',
    expiry: String(Math.floor(Date.now() / 1000) + 3600),
    uid: 'jane@example.com',
    ...overrides,
  };
}

/** An inbox valid against InboxSchema: an API channel with the defaults the API gives a new one. */
export function makeInbox(id: number, name: string, extra: Partial<Inbox> = {}): Inbox {
  return {
    id,
    name,
    channel_id: id,
    channel_type: 'Channel::Api',
    avatar_url: '',
    greeting_enabled: false,
    greeting_message: null,
    working_hours_enabled: false,
    enable_email_collect: true,
    csat_survey_enabled: false,
    enable_auto_assignment: true,
    auto_assignment_config: {},
    out_of_office_message: null,
    working_hours: [],
    timezone: 'UTC',
    allow_messages_after_resolved: true,
    lock_to_single_conversation: false,
    sender_name_type: 'friendly',
    business_name: null,
    provider: null,
    medium: null,
    phone_number: null,
    reauthorization_required: false,
    message_templates: [],
    additional_attributes: {},
    unresponded_conversations_count: 0,
    ...extra,
  };
}
