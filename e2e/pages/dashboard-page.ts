import type { Locator, Page } from '@playwright/test';

/** /app/accounts/{id}/dashboard inside the app shell. */
export class DashboardPage {
  readonly page: Page;
  readonly topBar: Locator;
  readonly welcome: Locator;
  readonly signOut: Locator;
  readonly newAccount: Locator;

  constructor(page: Page) {
    this.page = page;
    this.topBar = page.getByRole('banner');
    this.welcome = page.getByRole('heading', { name: /^Welcome, / });
    this.signOut = page.getByRole('button', { name: 'Sign out' });
    this.newAccount = page.getByRole('button', { name: /New account/ });
  }

  /** The name of the open account, as the top bar shows it. */
  accountName(name: string | RegExp): Locator {
    return this.topBar.getByText(name);
  }
}
