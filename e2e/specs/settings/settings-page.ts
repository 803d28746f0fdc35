import type { Locator, Page } from '@playwright/test';

/** An account settings screen: its heading, the dialog it opens, its table rows and its toasts. */
export class SettingsScreen {
  readonly page: Page;
  readonly dialog: Locator;

  constructor(page: Page) {
    this.page = page;
    this.dialog = page.getByRole('dialog');
  }

  async open(accountId: number, path: string, heading: string) {
    await this.page.goto(`/app/accounts/${accountId}/${path}`);
    await this.heading(heading).waitFor();
  }

  heading(name: string): Locator {
    return this.page.getByRole('heading', { level: 1, name });
  }

  button(name: string): Locator {
    return this.page.getByRole('button', { name, exact: true });
  }

  field(label: string): Locator {
    return this.dialog.getByLabel(label, { exact: true });
  }

  row(name: string): Locator {
    return this.page.getByRole('row', { name: new RegExp(name) });
  }

  toast(text: string): Locator {
    return this.page.locator('.toast', { hasText: text });
  }
}
