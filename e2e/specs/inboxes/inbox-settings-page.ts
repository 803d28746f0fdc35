import type { Locator, Page } from '@playwright/test';

/** /app/accounts/{id}/settings/inboxes/list and settings/inboxes/{inboxId}. */
export class InboxSettingsPage {
  readonly page: Page;

  constructor(page: Page) {
    this.page = page;
  }

  gotoList(accountId: number) {
    return this.page.goto(`/app/accounts/${accountId}/settings/inboxes/list`);
  }

  heading(name: string): Locator {
    return this.page.getByRole('heading', { level: 1, name });
  }

  tab(name: 'Settings' | 'Collaborators' | 'Configuration' | 'Business hours' | 'Bot'): Locator {
    return this.page.getByRole('tablist', { name: 'Inbox settings' }).getByRole('tab', { name });
  }

  form(name: string): Locator {
    return this.page.getByRole('form', { name });
  }

  save(form: string): Locator {
    return this.form(form).getByRole('button', { name: 'Save' });
  }

  toast(text: string): Locator {
    return this.page.getByRole('status').filter({ hasText: text });
  }
}
