import type { Locator, Page } from '@playwright/test';

/** The search page (features/search): the box, the tabs and the result lists. */
export class SearchPage {
  readonly page: Page;
  readonly box: Locator;

  constructor(page: Page) {
    this.page = page;
    this.box = page.getByRole('searchbox', { name: 'Search', exact: true });
  }

  async open(accountId: number, query = '') {
    await this.page.goto(`/app/accounts/${accountId}/search${query}`);
  }

  tab(name: 'All' | 'Contacts' | 'Conversations' | 'Messages'): Locator {
    return this.page.getByRole('tab', { name, exact: true });
  }

  /** The results of one kind: on the all tab its section's list, on its own tab the tab's list. */
  results(kind: 'Contacts' | 'Conversations' | 'Messages'): Locator {
    return this.page.getByRole('list', { name: kind });
  }
}
