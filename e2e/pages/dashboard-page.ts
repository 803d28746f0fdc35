import type { Locator, Page } from '@playwright/test';

/** /app/accounts/{id}/dashboard: the conversation workspace inside the app shell. */
export class DashboardPage {
  readonly page: Page;
  readonly topBar: Locator;
  /** The workspace's pane shown until a conversation is picked. */
  readonly welcome: Locator;
  readonly signOut: Locator;

  constructor(page: Page) {
    this.page = page;
    this.topBar = page.locator('header.shell-header');
    this.welcome = page.getByRole('region', { name: 'Pick a conversation' });
    this.signOut = page.getByRole('button', { name: 'Sign out' });
  }

  /** The name of the open account, as the top bar shows it. */
  accountName(name: string | RegExp): Locator {
    return this.topBar.getByText(name);
  }

  /** The avatar menu's account switch: the user's accounts and "New account". */
  async openAccountSwitch(): Promise<Locator> {
    await this.page.getByRole('button', { name: 'Your profile and settings' }).click();
    await this.page.getByRole('menuitem', { name: /Switch account/ }).click();
    return this.page.getByRole('dialog', { name: 'Switch account' });
  }

  async openNewAccount(): Promise<void> {
    const switcher = await this.openAccountSwitch();
    await switcher.getByRole('button', { name: /New account/ }).click();
  }
}
