import { readdirSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { schema } from '@app/db';
import { AVATAR_MAX_BYTES, CONTACT_SIDEBAR_ITEMS, CONVERSATION_SIDEBAR_ITEMS } from '@app/shared/constants';
import type { SessionHeaders } from '@app/shared/auth';
import { buildTestApp, multipartBody as multipart, PNG, type FilePart, type TestContext } from '../../../test/helpers.ts';
import { countRows, createAccount, createAccountWithAdmin, createMember, createUser, PASSWORD, type Member } from '../../../test/factories.ts';
import { insertMembership } from '../accounts/service.ts';

let t: TestContext;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

// A real 1x1 PNG, and the smallest headers file-type recognises as GIF, WebP and JPEG.
const GIF = Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', 'base64');
const WEBP = Buffer.concat([
  Buffer.from('RIFF'),
  Buffer.from([0x1a, 0, 0, 0]),
  Buffer.from('WEBPVP8L'),
  Buffer.from([0x0d, 0, 0, 0, 0x2f, 0, 0, 0, 0x10, 0x07, 0x10, 0x11, 0x11, 0x88, 0x88, 0xfe, 0x07, 0x00]),
]);
const JPEG = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00, 0x01, 0x01, 0x00, 0x00, 0x01, 0x00, 0x01, 0x00, 0x00, 0xff, 0xd9]);
const SVG = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(document.cookie)</script></svg>');
const HTML = Buffer.from('<!doctype html><html><body><script>alert(document.cookie)</script></body></html>');

type Auth = SessionHeaders | { api_access_token: string } | Record<string, never>;


const call = (method: 'GET' | 'PUT' | 'POST' | 'DELETE', url: string, headers: Auth, payload?: object) =>
  t.app.inject({ method, url: `/api/v1/profile${url}`, headers, ...(payload ? { payload } : {}) });

async function upload(headers: Auth, fields: Record<string, string | FilePart>) {
  const { payload, contentType } = await multipart(fields);
  return t.app.inject({ method: 'PUT', url: '/api/v1/profile', headers: { ...headers, 'content-type': contentType }, payload });
}

const avatarPart = (data: Uint8Array, filename: string, type: string) => ({ 'profile[avatar]': { data, filename, type } });
const signIn = (email: string, password: string) => t.app.inject({ method: 'POST', url: '/auth/sign_in', payload: { email, password } });
const validates = async (headers: Auth) => (await t.app.inject({ method: 'GET', url: '/auth/validate_token', headers })).statusCode;
const pathOf = (url: string) => new URL(url).pathname;

const avatarDir = () => path.join(t.config.dataDir, 'storage', 'avatars');
function storedAvatars(): string[] {
  try {
    return readdirSync(avatarDir()).sort();
  } catch {
    return [];
  }
}

async function userRow(id: number) {
  const [row] = await t.db.select().from(schema.users).where(eq(schema.users.id, id));
  return row!;
}

async function membershipRow(accountId: number, userId: number) {
  const [row] = await t.db
    .select()
    .from(schema.accountUsers)
    .where(and(eq(schema.accountUsers.accountId, accountId), eq(schema.accountUsers.userId, userId)));
  return row!;
}

/** Everything a profile call could write for this user: their row, memberships, sessions, stored files and mail. */
async function snapshot(member: Member) {
  return {
    user: await userRow(member.user.id),
    memberships: await t.db.select().from(schema.accountUsers).where(eq(schema.accountUsers.userId, member.user.id)),
    sessions: await countRows(t, schema.authTokens),
    files: storedAvatars(),
    mails: t.mailer.sent.length,
  };
}

/** A signed-in user who belongs to two accounts; the second, joined last, is the active one. */
async function memberOfTwoAccounts() {
  const { account: first, admin } = await createAccountWithAdmin(t);
  const second = await createAccount(t);
  await insertMembership(t.db, { accountId: second.id, userId: admin.user.id, role: 'agent', active: true });
  await t.db
    .update(schema.accountUsers)
    .set({ activeAt: new Date(Date.now() - 3_600_000) })
    .where(and(eq(schema.accountUsers.accountId, first.id), eq(schema.accountUsers.userId, admin.user.id)));
  return { member: admin, first, second };
}

describe('GET /api/v1/profile', () => {
  it('S0-3.06 answers the current-user payload, the same object sign-in answers', async () => {
    const { account, admin } = await createAccountWithAdmin(t);
    const res = await call('GET', '', admin.headers);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    const signedIn = (await signIn(admin.user.email, PASSWORD)).json().data;
    expect(body).toEqual(signedIn);
    expect(body).toMatchObject({ id: admin.user.id, account_id: account.id, confirmed: true, role: 'administrator', availability: 'online', auto_offline: true, avatar_url: '', thumbnail: '' });
    for (const key of ['pubsub_token', 'name', 'email', 'thumbnail', 'avatar_url', 'role', 'availability', 'auto_offline']) {
      expect(body, key).toHaveProperty(key);
    }
  });

  it('S0-3.14 S0-3.15 shows the default sidebar orders and editor key while ui_settings are unset', async () => {
    const { admin } = await createAccountWithAdmin(t);
    const { ui_settings } = (await call('GET', '', admin.headers)).json();
    expect(ui_settings.conversation_sidebar_items_order).toEqual([
      'conversation_actions',
      'macros',
      'conversation_info',
      'contact_attributes',
      'previous_conversation',
      'conversation_participants',
    ]);
    expect(ui_settings.contact_sidebar_items_order).toEqual(['contact_attributes', 'contact_labels', 'previous_conversation']);
    expect(ui_settings.editor_message_key).toBe('enter');
  });

  it('accepts the api_access_token header', async () => {
    const { admin } = await createAccountWithAdmin(t);
    const res = await call('GET', '', { api_access_token: admin.token });
    expect(res.statusCode).toBe(200);
    expect(res.json().id).toBe(admin.user.id);
  });
});

describe('every profile route is for signed-in users only', () => {
  const routes = [
    ['GET', ''],
    ['PUT', ''],
    ['DELETE', '/avatar'],
    ['POST', '/availability'],
    ['POST', '/auto_offline'],
    ['PUT', '/set_active_account'],
    ['POST', '/resend_confirmation'],
    ['POST', '/reset_access_token'],
  ] as const;

  it.each(routes)('%s /api/v1/profile%s answers 401 without auth, with a forged or expired session, or a bad API token', async (method, url) => {
    const { account, admin } = await createAccountWithAdmin(t);
    const payload = { profile: { display_name: 'Hacked', availability: 'busy', auto_offline: false, account_id: account.id } };
    const before = await snapshot(admin);
    const forged = { ...admin.headers, 'access-token': 'forged' };
    const expired = admin.headers;
    await t.db.update(schema.authTokens).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(schema.authTokens.client, admin.headers.client));
    const attempts: Auth[] = [{}, forged, expired, { api_access_token: 'not-a-token' }];
    for (const headers of attempts) {
      const res = await call(method, url, headers, method === 'GET' || method === 'DELETE' ? undefined : payload);
      expect(res.statusCode, JSON.stringify(headers)).toBe(401);
      expect(res.json().errors).toHaveLength(1);
    }
    const after = await snapshot(admin);
    expect(after.user).toEqual(before.user);
    expect(after.memberships).toEqual(before.memberships);
    expect(after.mails).toBe(before.mails);
  });
});

describe('PUT /api/v1/profile', () => {
  it('S0-3.10 S0-7.18 multipart profile[display_name] and profile[avatar] (a real PNG) update the profile', async () => {
    const { admin } = await createAccountWithAdmin(t);
    const res = await upload(admin.headers, { 'profile[display_name]': 'Jay', 'profile[name]': 'Jay Doe', ...avatarPart(PNG, 'me.png', 'image/png') });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ display_name: 'Jay', name: 'Jay Doe', available_name: 'Jay' });
    expect(body.avatar_url).toMatch(/^http:\/\/localhost:3000\/uploads\/avatars\/[A-Za-z0-9_-]+\.png$/);
    expect(body.thumbnail).toBe(body.avatar_url);
    const row = await userRow(admin.user.id);
    expect(row.avatarKey).toBe(pathOf(body.avatar_url).replace('/uploads/', ''));
    expect(row.displayName).toBe('Jay');
  });

  it('S0-5.13 the avatar URL serves the PNG inline, as image/png, with nosniff', async () => {
    const { admin } = await createAccountWithAdmin(t);
    const { avatar_url } = (await upload(admin.headers, avatarPart(PNG, 'me.png', 'image/png'))).json();
    const served = await t.app.inject({ method: 'GET', url: pathOf(avatar_url) });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.headers['x-content-type-options']).toBe('nosniff');
    expect(served.headers['content-disposition']).toBe('inline');
    expect(served.rawPayload.equals(PNG)).toBe(true);
  });

  it('S0-5.13 accepts GIF, WebP and JPEG by their content (whatever name and type the client claims) and deletes the replaced file', async () => {
    const { admin } = await createAccountWithAdmin(t);
    const first = (await upload(admin.headers, avatarPart(PNG, 'me.png', 'image/png'))).json().avatar_url;
    let previous = first as string;
    const samples = [
      { data: GIF, claimed: 'image/png', name: 'me.png', extension: 'gif', type: 'image/gif' },
      { data: WEBP, claimed: 'application/octet-stream', name: 'me', extension: 'webp', type: 'image/webp' },
      { data: JPEG, claimed: 'image/jpeg', name: 'me.jpeg', extension: 'jpg', type: 'image/jpeg' },
    ];
    for (const sample of samples) {
      const filesBefore = storedAvatars().length;
      const res = await upload(admin.headers, avatarPart(sample.data, sample.name, sample.claimed));
      expect(res.statusCode, sample.type).toBe(200);
      const url = res.json().avatar_url as string;
      expect(url.endsWith(`.${sample.extension}`), url).toBe(true);
      const served = await t.app.inject({ method: 'GET', url: pathOf(url) });
      expect(served.headers['content-type']).toBe(sample.type);
      expect(served.headers['x-content-type-options']).toBe('nosniff');
      expect(served.headers['content-disposition']).toBe('inline');
      expect((await t.app.inject({ method: 'GET', url: pathOf(previous) })).statusCode).toBe(404);
      expect(storedAvatars()).toHaveLength(filesBefore);
      previous = url;
    }
  });

  it('S0-5.14 refuses an SVG named a.png sent as image/png, an HTML file and a text field with 422 on avatar; nothing is written', async () => {
    const { admin } = await createAccountWithAdmin(t);
    const before = await snapshot(admin);
    const attempts = [
      avatarPart(SVG, 'a.png', 'image/png'),
      avatarPart(HTML, 'avatar.png', 'image/png'),
      avatarPart(HTML, 'page.html', 'text/html'),
      { 'profile[avatar]': 'data:image/png;base64,AAAA' },
    ];
    for (const fields of attempts) {
      const res = await upload(admin.headers, { 'profile[display_name]': 'Changed', ...fields });
      expect(res.statusCode).toBe(422);
      expect(res.json().attributes).toEqual(['avatar']);
    }
    expect(await snapshot(admin)).toEqual(before);
  });

  it('S0-5.14 refuses an avatar larger than 4 MB with 422; nothing is written', async () => {
    const { admin } = await createAccountWithAdmin(t);
    const before = await snapshot(admin);
    const large = Buffer.concat([PNG, Buffer.alloc(AVATAR_MAX_BYTES + 1 - PNG.length)]);
    const res = await upload(admin.headers, avatarPart(large, 'big.png', 'image/png'));
    expect(res.statusCode).toBe(422);
    expect(res.json().attributes).toEqual(['avatar']);
    expect(await snapshot(admin)).toEqual(before);
    const atLimit = Buffer.concat([PNG, Buffer.alloc(AVATAR_MAX_BYTES - PNG.length)]);
    expect((await upload(admin.headers, avatarPart(atLimit, 'limit.png', 'image/png'))).statusCode).toBe(200);
  });

  it('updates the text fields from a wrapped or a flat JSON body', async () => {
    const { admin } = await createAccountWithAdmin(t);
    const wrapped = await call('PUT', '', admin.headers, {
      profile: { name: 'Ana Lopez', display_name: 'Ana', message_signature: '-- Ana', phone_number: '+14155550100' },
    });
    expect(wrapped.statusCode).toBe(200);
    expect(wrapped.json()).toMatchObject({ name: 'Ana Lopez', display_name: 'Ana', available_name: 'Ana', message_signature: '-- Ana' });
    expect((await userRow(admin.user.id)).phoneNumber).toBe('+14155550100');
    const flat = await call('PUT', '', { api_access_token: admin.token }, { display_name: null });
    expect(flat.statusCode).toBe(200);
    expect(flat.json()).toMatchObject({ display_name: null, available_name: 'Ana Lopez' });
  });

  it('answers 422 naming the bad fields; nothing is written', async () => {
    const { admin } = await createAccountWithAdmin(t);
    const before = await snapshot(admin);
    const blank = await call('PUT', '', admin.headers, { profile: { name: '  ', display_name: 'X' } });
    expect(blank.statusCode).toBe(422);
    expect(blank.json().attributes).toEqual(['name']);
    const email = await call('PUT', '', admin.headers, { profile: { email: 'not-an-email', display_name: 'X' } });
    expect(email.statusCode).toBe(422);
    expect(email.json().attributes).toEqual(['email']);
    const jsonAvatar = await call('PUT', '', admin.headers, { profile: { avatar: 'iVBORw0KGgo=' } });
    expect(jsonAvatar.statusCode).toBe(422);
    expect(jsonAvatar.json().attributes).toEqual(['avatar']);
    expect(await snapshot(admin)).toEqual(before);
  });

  it('S0-3.12 S0-7.19 merges ui_settings key by key and keeps unknown keys', async () => {
    const { admin } = await createAccountWithAdmin(t);
    const first = await call('PUT', '', admin.headers, { profile: { ui_settings: { is_ct_labels_open: true, email_signature_enabled: false } } });
    expect(first.statusCode).toBe(200);
    const second = await call('PUT', '', admin.headers, {
      profile: { ui_settings: { editor_message_key: 'cmd_enter', show_help_center_secondary_sidebar: false, last_active_portal_slug: 'docs', last_active_locale_code: 'fr' } },
    });
    expect(second.statusCode).toBe(200);
    const third = await call('PUT', '', admin.headers, { profile: { ui_settings: { email_signature_enabled: true } } });
    const { ui_settings } = third.json();
    expect(ui_settings).toMatchObject({
      is_ct_labels_open: true,
      email_signature_enabled: true,
      editor_message_key: 'cmd_enter',
      show_help_center_secondary_sidebar: false,
      last_active_portal_slug: 'docs',
      last_active_locale_code: 'fr',
      conversation_sidebar_items_order: [...CONVERSATION_SIDEBAR_ITEMS],
      contact_sidebar_items_order: [...CONTACT_SIDEBAR_ITEMS],
    });
    // Only what was sent is stored; the defaults are filled in when answering.
    expect((await userRow(admin.user.id)).uiSettings).toEqual({
      is_ct_labels_open: true,
      email_signature_enabled: true,
      editor_message_key: 'cmd_enter',
      show_help_center_secondary_sidebar: false,
      last_active_portal_slug: 'docs',
      last_active_locale_code: 'fr',
    });
    const order = ['contact_labels', 'contact_attributes', 'previous_conversation'];
    const reordered = await call('PUT', '', admin.headers, { profile: { ui_settings: { contact_sidebar_items_order: order } } });
    expect(reordered.json().ui_settings).toMatchObject({ contact_sidebar_items_order: order, is_ct_labels_open: true });
  });

  it('S0-3.13 editor_message_key other than enter or cmd_enter answers 422; nothing is written', async () => {
    const { admin } = await createAccountWithAdmin(t);
    await call('PUT', '', admin.headers, { profile: { ui_settings: { editor_message_key: 'cmd_enter' } } });
    const before = await snapshot(admin);
    const res = await call('PUT', '', admin.headers, { profile: { ui_settings: { editor_message_key: 'shift_enter', kept: 1 }, display_name: 'X' } });
    expect(res.statusCode).toBe(422);
    expect(res.json().attributes).toEqual(['ui_settings.editor_message_key']);
    expect(await snapshot(admin)).toEqual(before);
  });

  it('a password change needs the right current password, a matching confirmation and 6 characters; nothing is written otherwise', async () => {
    const { admin } = await createAccountWithAdmin(t);
    const before = await snapshot(admin);
    const cases: [Record<string, unknown>, string][] = [
      [{ current_password: 'wrong-password', password: 'New-pass-1', password_confirmation: 'New-pass-1' }, 'current_password'],
      [{ password: 'New-pass-1', password_confirmation: 'New-pass-1' }, 'current_password'],
      [{ current_password: PASSWORD, password: 'New-pass-1', password_confirmation: 'Other-pass-1' }, 'password_confirmation'],
      [{ current_password: PASSWORD, password: 'short', password_confirmation: 'short' }, 'password'],
    ];
    for (const [profile, field] of cases) {
      const res = await call('PUT', '', admin.headers, { profile: { ...profile, display_name: 'X' } });
      expect(res.statusCode, field).toBe(422);
      expect(res.json().attributes, JSON.stringify(profile)).toEqual([field]);
    }
    expect(await snapshot(admin)).toEqual(before);
    expect((await signIn(admin.user.email, PASSWORD)).statusCode).toBe(200);
  });

  it("a password change ends every other session of the user but not the caller's; the new password signs in, the old one no longer", async () => {
    const { account, admin } = await createAccountWithAdmin(t);
    const colleague = await createMember(t, account.id, 'agent');
    const otherDevice = (await signIn(admin.user.email, PASSWORD)).headers;
    const otherHeaders = { 'access-token': String(otherDevice['access-token']), 'token-type': 'Bearer', client: String(otherDevice.client), expiry: String(otherDevice.expiry), uid: String(otherDevice.uid) };
    expect(await validates(otherHeaders)).toBe(200);

    const res = await call('PUT', '', admin.headers, { profile: { current_password: PASSWORD, password: 'New-pass-1', password_confirmation: 'New-pass-1' } });
    expect(res.statusCode).toBe(200);
    expect(await validates(otherHeaders)).toBe(401);
    expect(await validates(admin.headers)).toBe(200);
    expect(await validates(colleague.headers)).toBe(200);
    expect((await signIn(admin.user.email, PASSWORD)).statusCode).toBe(401);
    expect((await signIn(admin.user.email, 'New-pass-1')).statusCode).toBe(200);
  });

  it('an email change needs the current password, makes the user unconfirmed, mails a confirmation link and hands the caller the new uid', async () => {
    const { admin } = await createAccountWithAdmin(t);
    t.mailer.clear();
    const withoutPassword = await call('PUT', '', admin.headers, { profile: { email: 'New.Address@Example.com' } });
    expect(withoutPassword.statusCode).toBe(422);
    expect(withoutPassword.json().attributes).toEqual(['current_password']);
    expect(t.mailer.sent).toHaveLength(0);
    const res = await call('PUT', '', admin.headers, { profile: { email: 'New.Address@Example.com', current_password: PASSWORD } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ email: 'new.address@example.com', uid: 'new.address@example.com', confirmed: false });
    expect(res.headers.uid).toBe('new.address@example.com');
    expect((await userRow(admin.user.id)).confirmedAt).toBeNull();
    expect(t.mailer.sent.map((m) => m.to)).toEqual(['new.address@example.com']);
    expect(t.mailer.last()!.text).toContain('/auth/confirmation?confirmation_token=');
    expect(await validates({ ...admin.headers, uid: 'new.address@example.com' })).toBe(200);
    expect((await signIn('new.address@example.com', PASSWORD)).statusCode).toBe(200);
  });

  it('the same email in another case changes nothing and sends no mail', async () => {
    const { admin } = await createAccountWithAdmin(t);
    t.mailer.clear();
    const res = await call('PUT', '', admin.headers, { profile: { email: admin.user.email.toUpperCase() } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ email: admin.user.email, confirmed: true });
    expect(t.mailer.sent).toHaveLength(0);
  });

  it("another user's email (in any case) answers 422 on email; nothing is written and no mail is sent", async () => {
    const { admin } = await createAccountWithAdmin(t);
    const other = await createUser(t);
    const before = await snapshot(admin);
    const res = await call('PUT', '', admin.headers, { profile: { email: other.email.toUpperCase(), display_name: 'X' } });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toMatchObject({ attributes: ['email'], errors: { email: ['has already been taken'] } });
    expect(await snapshot(admin)).toEqual(before);
  });
});

describe('DELETE /api/v1/profile/avatar', () => {
  it('S0-7.22 removes the file and the key and answers the user without an avatar', async () => {
    const { admin } = await createAccountWithAdmin(t);
    const { avatar_url } = (await upload(admin.headers, avatarPart(PNG, 'me.png', 'image/png'))).json();
    const filesBefore = storedAvatars().length;
    const res = await call('DELETE', '/avatar', admin.headers);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: admin.user.id, avatar_url: '', thumbnail: '' });
    expect((await userRow(admin.user.id)).avatarKey).toBeNull();
    expect((await t.app.inject({ method: 'GET', url: pathOf(avatar_url) })).statusCode).toBe(404);
    expect(storedAvatars()).toHaveLength(filesBefore - 1);
  });

  it('answers the user when there is no avatar to remove', async () => {
    const { admin } = await createAccountWithAdmin(t);
    const res = await call('DELETE', '/avatar', { api_access_token: admin.token });
    expect(res.statusCode).toBe(200);
    expect(res.json().avatar_url).toBe('');
  });
});

describe('POST /api/v1/profile/availability', () => {
  it('S0-3.11 S0-7.20 sets the availability in that account only', async () => {
    const { member, first, second } = await memberOfTwoAccounts();
    for (const availability of ['busy', 'offline', 'online'] as const) {
      const res = await call('POST', '/availability', member.headers, { profile: { availability, account_id: first.id } });
      expect(res.statusCode).toBe(200);
      expect(res.json().accounts.find((a: { id: number }) => a.id === first.id)).toMatchObject({ availability, availability_status: availability });
      expect((await membershipRow(first.id, member.user.id)).availability).toBe(availability);
    }
    await call('POST', '/availability', member.headers, { availability: 'busy', account_id: String(first.id) });
    const body = (await call('GET', '', member.headers)).json();
    // The second account is the active one: the top-level availability is its own, untouched.
    expect(body).toMatchObject({ account_id: second.id, availability: 'online' });
    expect((await membershipRow(second.id, member.user.id)).availability).toBe('online');
    expect((await membershipRow(first.id, member.user.id)).availability).toBe('busy');
  });

  it('answers 422 for an unknown availability or a missing account_id; nothing is written', async () => {
    const { account, admin } = await createAccountWithAdmin(t);
    const before = await snapshot(admin);
    const bad = await call('POST', '/availability', admin.headers, { profile: { availability: 'away', account_id: account.id } });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().attributes).toEqual(['availability']);
    const missing = await call('POST', '/availability', admin.headers, { profile: { availability: 'busy' } });
    expect(missing.statusCode).toBe(422);
    expect(missing.json().attributes).toEqual(['account_id']);
    expect(await snapshot(admin)).toEqual(before);
  });

  it("answers 404 for another account's id and leaves that account's members alone", async () => {
    const { admin } = await createAccountWithAdmin(t);
    const { account: foreign, admin: stranger } = await createAccountWithAdmin(t);
    const res = await call('POST', '/availability', admin.headers, { profile: { availability: 'busy', account_id: foreign.id } });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ error: 'Resource could not be found' });
    expect((await membershipRow(foreign.id, stranger.user.id)).availability).toBe('online');
    expect((await call('POST', '/availability', admin.headers, { profile: { availability: 'busy', account_id: 99_999_999 } })).statusCode).toBe(404);
  });
});

describe('POST /api/v1/profile/auto_offline', () => {
  it('S0-7.21 sets auto-offline in that account only', async () => {
    const { member, first, second } = await memberOfTwoAccounts();
    const res = await call('POST', '/auto_offline', member.headers, { profile: { auto_offline: false, account_id: first.id } });
    expect(res.statusCode).toBe(200);
    expect(res.json().accounts.find((a: { id: number }) => a.id === first.id).auto_offline).toBe(false);
    expect((await membershipRow(first.id, member.user.id)).autoOffline).toBe(false);
    expect((await membershipRow(second.id, member.user.id)).autoOffline).toBe(true);
    const back = await call('POST', '/auto_offline', member.headers, { auto_offline: true, account_id: first.id });
    expect(back.statusCode).toBe(200);
    expect((await membershipRow(first.id, member.user.id)).autoOffline).toBe(true);
  });

  it('answers 422 when auto_offline is not a boolean; nothing is written', async () => {
    const { account, admin } = await createAccountWithAdmin(t);
    const before = await snapshot(admin);
    const res = await call('POST', '/auto_offline', admin.headers, { profile: { auto_offline: 'maybe', account_id: account.id } });
    expect(res.statusCode).toBe(422);
    expect(res.json().attributes).toEqual(['auto_offline']);
    expect(await snapshot(admin)).toEqual(before);
  });

  it("answers 404 for another account's id", async () => {
    const { admin } = await createAccountWithAdmin(t);
    const { account: foreign, admin: stranger } = await createAccountWithAdmin(t);
    const res = await call('POST', '/auto_offline', admin.headers, { profile: { auto_offline: false, account_id: foreign.id } });
    expect(res.statusCode).toBe(404);
    expect((await membershipRow(foreign.id, stranger.user.id)).autoOffline).toBe(true);
  });
});

describe('PUT /api/v1/profile/set_active_account', () => {
  it('S0-7.23 switches the active account: account_id, role and permissions name it', async () => {
    const { member, first, second } = await memberOfTwoAccounts();
    expect((await call('GET', '', member.headers)).json()).toMatchObject({ account_id: second.id, role: 'agent' });
    const res = await call('PUT', '/set_active_account', member.headers, { profile: { account_id: first.id } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ account_id: first.id, role: 'administrator', permissions: ['administrator'] });
    expect((await call('GET', '', member.headers)).json().account_id).toBe(first.id);
    const back = await call('PUT', '/set_active_account', member.headers, { account_id: second.id });
    expect(back.json()).toMatchObject({ account_id: second.id, role: 'agent' });
  });

  it('answers 422 without an account_id; nothing is written', async () => {
    const { member } = await memberOfTwoAccounts();
    const before = await snapshot(member);
    const res = await call('PUT', '/set_active_account', member.headers, { profile: { account_id: 'first' } });
    expect(res.statusCode).toBe(422);
    expect(res.json().attributes).toEqual(['account_id']);
    expect(await snapshot(member)).toEqual(before);
  });

  it("answers 404 for another account's id and keeps the active account", async () => {
    const { member, second } = await memberOfTwoAccounts();
    const { account: foreign } = await createAccountWithAdmin(t);
    const before = await snapshot(member);
    const res = await call('PUT', '/set_active_account', member.headers, { profile: { account_id: foreign.id } });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ error: 'Resource could not be found' });
    expect(await snapshot(member)).toEqual(before);
    expect((await call('GET', '', member.headers)).json().account_id).toBe(second.id);
  });
});

describe('POST /api/v1/profile/resend_confirmation', () => {
  it('S0-7.25 mails the confirmation link again to an unconfirmed user', async () => {
    const { account } = await createAccountWithAdmin(t);
    const unconfirmed = await createMember(t, account.id, 'agent', { confirmed: false });
    t.mailer.clear();
    const res = await call('POST', '/resend_confirmation', unconfirmed.headers);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({});
    expect(t.mailer.sent.map((m) => m.to)).toEqual([unconfirmed.user.email]);
    const link = /http\S+confirmation_token=\S+/.exec(t.mailer.last()!.text)![0];
    const confirmed = await t.app.inject({ method: 'GET', url: pathOf(link) + new URL(link).search });
    expect(confirmed.headers.location).toBe('/app/login?email_confirmed=1');
    expect((await call('GET', '', unconfirmed.headers)).json().confirmed).toBe(true);
  });

  it('answers {} and sends nothing to a confirmed user', async () => {
    const { admin } = await createAccountWithAdmin(t);
    t.mailer.clear();
    const res = await call('POST', '/resend_confirmation', admin.headers);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({});
    expect(t.mailer.sent).toHaveLength(0);
  });
});

describe('POST /api/v1/profile/reset_access_token', () => {
  it('issues a new API access token: the old one stops working, the new one works', async () => {
    const { admin } = await createAccountWithAdmin(t);
    const res = await call('POST', '/reset_access_token', admin.headers);
    expect(res.statusCode).toBe(200);
    const fresh = res.json().access_token as string;
    expect(fresh).toBeTruthy();
    expect(fresh).not.toBe(admin.token);
    expect((await call('GET', '', { api_access_token: admin.token })).statusCode).toBe(401);
    const withNew = await call('GET', '', { api_access_token: fresh });
    expect(withNew.statusCode).toBe(200);
    expect(withNew.json().access_token).toBe(fresh);
    expect(await validates(admin.headers)).toBe(200);
  });

  it('rotates when called with the API token itself', async () => {
    const { admin } = await createAccountWithAdmin(t);
    const res = await call('POST', '/reset_access_token', { api_access_token: admin.token });
    expect(res.statusCode).toBe(200);
    expect((await call('GET', '', { api_access_token: res.json().access_token })).statusCode).toBe(200);
    expect((await call('GET', '', { api_access_token: admin.token })).statusCode).toBe(401);
  });
});
