import type { CurrentUser, UserAccount } from '@app/shared/users';
import { DEFAULT_UI_SETTINGS } from '@app/shared/users';
import { permissionsFor } from '@app/shared/permissions';
import type { InboxMembershipRow, MembershipRow, UserRow } from './queries.ts';

export function avatarUrl(user: Pick<UserRow, 'avatarKey'>, url: (key: string) => string): string {
  return user.avatarKey ? url(user.avatarKey) : '';
}

/**
 * One account entry. `inboxes` are the user's inbox memberships (any account; this one's are picked):
 * leader_inbox lists the inboxes they lead, checker_inbox the inboxes assigned to them when their role
 * in the account is checker (empty otherwise).
 */
export function serializeUserAccount(m: MembershipRow, inboxes: InboxMembershipRow[]): UserAccount {
  const here = inboxes.filter((i) => i.accountId === m.accountId);
  const customRole =
    m.customRoleId && m.customRoleName
      ? { id: m.customRoleId, name: m.customRoleName, description: m.customRoleDescription, permissions: m.customRolePermissions ?? [] }
      : null;
  return {
    id: m.accountId,
    name: m.accountName,
    status: m.accountStatus,
    locale: m.accountLocale,
    active_at: m.activeAt?.toISOString() ?? null,
    role: m.role,
    permissions: permissionsFor({ role: m.role, customRolePermissions: customRole?.permissions ?? null }),
    availability: m.availability,
    availability_status: m.availability,
    auto_offline: m.autoOffline,
    custom_role_id: customRole?.id ?? null,
    custom_role: customRole,
    leader_inbox: here.filter((i) => i.isLeader).map((i) => i.inboxId),
    checker_inbox: m.role === 'checker' ? here.map((i) => i.inboxId) : [],
  };
}

/** The current-user payload; top-level role fields describe the active account (the first membership). */
export function serializeCurrentUser(input: {
  user: UserRow;
  memberships: MembershipRow[];
  inboxMemberships: InboxMembershipRow[];
  accessToken: string;
  avatarUrl: string;
  hmacIdentifier: string;
}): CurrentUser {
  const { user, memberships } = input;
  const accounts = memberships.map((m) => serializeUserAccount(m, input.inboxMemberships));
  const active = accounts[0] ?? null;
  return {
    id: user.id,
    access_token: input.accessToken,
    account_id: active?.id ?? null,
    accounts,
    available_name: user.displayName || user.name,
    avatar_url: input.avatarUrl,
    thumbnail: input.avatarUrl,
    confirmed: user.confirmedAt !== null,
    display_name: user.displayName,
    message_signature: user.messageSignature,
    email: user.email,
    uid: user.email,
    hmac_identifier: input.hmacIdentifier,
    inviter_id: null,
    name: user.name,
    provider: 'email',
    pubsub_token: user.pubsubToken,
    role: active?.role ?? null,
    permissions: active?.permissions ?? [],
    custom_role_id: active?.custom_role_id ?? null,
    availability: active?.availability ?? null,
    availability_status: active?.availability_status ?? null,
    auto_offline: active?.auto_offline ?? null,
    leader_inbox: active?.leader_inbox ?? [],
    checker_inbox: active?.checker_inbox ?? [],
    ui_settings: { ...DEFAULT_UI_SETTINGS, ...user.uiSettings },
    custom_attributes: user.customAttributes,
    type: user.type ?? null,
  };
}
