import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { schema } from '@app/db';
import type { TestContext } from '../../../test/helpers.ts';
import { createMember, type Member } from '../../../test/factories.ts';

/** What the contacts test files share: requests with a member's headers, members of custom roles, labels. */
export type Headers = Record<string, string>;
export type Method = 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';

export function contactsApi(t: () => TestContext) {
  const contactsUrl = (accountId: number, rest = '') => `/api/v1/accounts/${accountId}/contacts${rest}`;
  const call = (method: Method, path: string, headers: Headers | undefined, payload?: object) =>
    t().app.inject({ method, url: path, ...(headers ? { headers } : {}), ...(payload ? { payload } : {}) });

  /** A member whose custom role holds exactly these permissions. */
  async function customRoleMember(accountId: number, admin: Member, permissions: string[]): Promise<Member> {
    const role = await call('POST', `/api/v1/accounts/${accountId}/custom_roles`, admin.headers, { name: `Role ${permissions.join(' ')} ${Math.random()}`, permissions });
    expect(role.statusCode).toBe(200);
    return createMember(t(), accountId, 'agent', { customRoleId: role.json().id });
  }

  async function createLabels(accountId: number, titles: string[]) {
    await t().db.insert(schema.labels).values(titles.map((title) => ({ accountId, title })));
  }

  const contactRow = async (id: number) => (await t().db.select().from(schema.contacts).where(eq(schema.contacts.id, id)))[0];

  return { contactsUrl, call, customRoleMember, createLabels, contactRow };
}
