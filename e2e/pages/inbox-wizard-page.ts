import type { Locator, Page } from '@playwright/test';

/** settings/inboxes/new and its steps: channel cards, a channel's form, add agents, finish. */
export class InboxWizardPage {
  readonly page: Page;
  readonly accountId: number;

  constructor(page: Page, accountId: number) {
    this.page = page;
    this.accountId = accountId;
  }

  async open(): Promise<void> {
    await this.page.goto(`/app/accounts/${this.accountId}/settings/inboxes/new`);
  }

  /** Opens a channel's form from its card on the chooser. */
  async choose(channel: string): Promise<void> {
    await this.page.getByRole('link', { name: new RegExp(`^${channel}`) }).click();
  }

  form(name: string): Locator {
    return this.page.getByRole('form', { name });
  }

  agents(): Locator {
    return this.page.getByRole('list', { name: 'Agents of the account' });
  }

  /** The current step of the step list. */
  currentStep(): Locator {
    return this.page.getByRole('navigation', { name: 'Steps to add an inbox' }).locator('[aria-current="step"]');
  }
}
