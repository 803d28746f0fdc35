import type { APIRequestContext } from '@playwright/test';
import { expect, latestMailTo } from '../../fixtures.ts';
import { ADMIN } from '../../playwright.config.ts';

export type Credentials = { email: string; password: string };
type Inbox = { id: number; inbox_identifier: string };

/**
 * What a conversation spec sets up through the API before the browser opens: an API inbox, a second agent
 * (invited, password set from the mailed link, a member of the inbox) and a conversation a contact started
 * through the inbox's public client API.
 */
export class WorkspaceSetup {
  private readonly request: APIRequestContext;
  private readonly token: string;
  readonly accountId: number;
  readonly adminId: number;
  /** The contact (public API source id) of each conversation started here, by display id. */
  private readonly sources = new Map<number, string>();

  private constructor(request: APIRequestContext, token: string, accountId: number, adminId: number) {
    this.request = request;
    this.token = token;
    this.accountId = accountId;
    this.adminId = adminId;
  }

  /** Signs in; the calls go to the user's active account, or to `accountId` when given. */
  static async signIn(request: APIRequestContext, credentials: Credentials = ADMIN, accountId?: number) {
    const response = await request.post('/auth/sign_in', { data: credentials });
    expect(response.status(), await response.text()).toBe(200);
    const { data } = (await response.json()) as { data: { access_token: string; account_id: number; id: number } };
    return new WorkspaceSetup(request, data.access_token, accountId ?? data.account_id, data.id);
  }

  /** An account API call as the administrator (api_access_token). */
  async call<T>(method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE', path: string, data?: unknown): Promise<T> {
    const response = await this.request.fetch(`/api/v1/accounts/${this.accountId}/${path}`, { method, data, headers: { api_access_token: this.token } });
    expect(response.ok(), `${method} ${path}: ${response.status()} ${await response.text()}`).toBe(true);
    const text = await response.text();
    return (text ? JSON.parse(text) : {}) as T;
  }

  /** A reports v2 GET (`/api/v2/accounts/{id}/<path>`) as the administrator. */
  async reports<T>(path: string): Promise<T> {
    const response = await this.request.get(`/api/v2/accounts/${this.accountId}/${path}`, { headers: { api_access_token: this.token } });
    expect(response.ok(), `GET ${path}: ${response.status()} ${await response.text()}`).toBe(true);
    return (await response.json()) as T;
  }

  async inbox(name: string): Promise<Inbox> {
    return this.call<Inbox>('POST', 'inboxes', { name, channel: { type: 'api' } });
  }

  /** Invites an agent (or a checker), sets their password through the mailed link, and makes them a member of the inboxes. */
  async agent(name: string, inboxes: Inbox[], role: 'agent' | 'checker' = 'agent'): Promise<Credentials & { id: number; name: string }> {
    const email = `${name.toLowerCase().replace(/\W+/g, '.')}.${Date.now()}@example.com`;
    const password = 'Agent-pass-123';
    const agent = await this.call<{ id: number }>('POST', 'agents', { name, email, role });
    const token = /reset_password_token=([\w-]+)/.exec(latestMailTo(email))![1]!;
    const accepted = await this.request.put('/auth/password', { data: { reset_password_token: token, password, password_confirmation: password } });
    expect(accepted.status(), await accepted.text()).toBe(200);
    for (const inbox of inboxes) await this.call('POST', 'inbox_members', { inbox_id: inbox.id, user_ids: [this.adminId, agent.id] });
    return { id: agent.id, name, email, password };
  }

  /** The contact of a conversation `conversationFrom` started sends another message, with a file (multipart, as the widget does). */
  async contactSends(inbox: Inbox, conversationId: number, content: string, file: { name: string; mimeType: string; buffer: Buffer }) {
    const source = this.sources.get(conversationId);
    if (!source) throw new Error(`conversation ${conversationId} was not started by conversationFrom`);
    const sent = await this.request.post(`/public/api/v1/inboxes/${inbox.inbox_identifier}/contacts/${source}/conversations/${conversationId}/messages`, {
      multipart: { content, 'attachments[]': file },
    });
    expect(sent.ok(), await sent.text()).toBe(true);
  }

  /** A contact of the inbox writes in: a new conversation with their first message. Answers its display id. */
  async conversationFrom(inbox: Inbox, contact: string, message: string): Promise<number> {
    const base = `/public/api/v1/inboxes/${inbox.inbox_identifier}`;
    const created = await this.request.post(`${base}/contacts`, { data: { name: contact, email: `${contact.toLowerCase().replace(/\W+/g, '.')}@example.com` } });
    expect(created.ok(), await created.text()).toBe(true);
    const { source_id } = (await created.json()) as { source_id: string };
    const started = await this.request.post(`${base}/contacts/${source_id}/conversations`, { data: {} });
    expect(started.ok(), await started.text()).toBe(true);
    const { id } = (await started.json()) as { id: number };
    this.sources.set(id, source_id);
    const sent = await this.request.post(`${base}/contacts/${source_id}/conversations/${id}/messages`, { data: { content: message } });
    expect(sent.ok(), await sent.text()).toBe(true);
    return id;
  }
}
