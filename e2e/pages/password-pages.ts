import type { Locator, Page } from '@playwright/test';

/** /app/auth/reset/password */
export class ResetRequestPage {
  readonly page: Page;
  readonly email: Locator;
  readonly submit: Locator;
  readonly confirmation: Locator;

  constructor(page: Page) {
    this.page = page;
    this.email = page.getByLabel('Email');
    this.submit = page.getByRole('button', { name: 'Send reset link' });
    this.confirmation = page.getByRole('status');
  }

  async request(email: string) {
    await this.email.fill(email);
    await this.submit.click();
  }
}

/** /app/auth/password/edit?reset_password_token=… */
export class PasswordEditPage {
  readonly page: Page;
  readonly password: Locator;
  readonly confirmation: Locator;
  readonly submit: Locator;

  constructor(page: Page) {
    this.page = page;
    this.password = page.getByLabel('New password', { exact: true });
    this.confirmation = page.getByLabel('Confirm the new password');
    this.submit = page.getByRole('button', { name: 'Save and sign in' });
  }
}
