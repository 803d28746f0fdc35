import type { Locator, Page } from '@playwright/test';

/** The conversation workspace: the list column, the open conversation and its editor. */
export class ConversationPage {
  readonly page: Page;
  readonly list: Locator;
  readonly messages: Locator;
  readonly replyBox: Locator;
  readonly noteBox: Locator;
  readonly resolve: Locator;
  readonly reopen: Locator;

  constructor(page: Page) {
    this.page = page;
    this.list = page.getByTestId('conversation-rows');
    this.messages = page.getByRole('log', { name: 'Messages' });
    this.replyBox = page.getByRole('textbox', { name: 'Reply to the customer' });
    this.noteBox = page.getByRole('textbox', { name: 'Private note for your team' });
    this.resolve = page.getByRole('button', { name: 'Resolve', exact: true });
    this.reopen = page.getByRole('button', { name: 'Reopen', exact: true });
  }

  async open(accountId: number, path: string) {
    await this.page.goto(`/app/accounts/${accountId}/${path}`);
  }

  /** A list card, by the contact's name. */
  card(contact: string): Locator {
    return this.list.getByRole('link', { name: new RegExp(contact) });
  }

  tab(name: 'Mine' | 'Unassigned' | 'All'): Locator {
    return this.page.getByRole('tab', { name: new RegExp(`^${name}`) });
  }

  message(text: string): Locator {
    return this.messages.locator('[data-message-id]', { hasText: text });
  }
}
