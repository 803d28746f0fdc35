import type { Locator, Page } from '@playwright/test';

/** /app/accounts/{id}/profile/settings: one card per part of the profile. */
export class ProfileSettingsPage {
  readonly page: Page;
  readonly heading: Locator;
  readonly profileCard: Locator;
  readonly displayName: Locator;
  readonly saveProfile: Locator;
  readonly sendKey: Locator;
  readonly accessToken: Locator;
  readonly accessTokenValue: Locator;
  readonly notificationPreferences: Locator;
  readonly audioAlerts: Locator;

  constructor(page: Page) {
    this.page = page;
    this.heading = page.getByRole('heading', { level: 1, name: 'Profile settings' });
    this.profileCard = page.getByRole('form', { name: 'Profile' });
    this.displayName = this.profileCard.getByLabel('Display name');
    this.saveProfile = this.profileCard.getByRole('button', { name: 'Save' });
    this.sendKey = page.getByRole('group', { name: 'Sending messages' });
    this.accessToken = page.getByRole('region', { name: 'Access token' });
    this.accessTokenValue = this.accessToken.getByLabel('Your access token');
    this.notificationPreferences = page.getByRole('region', { name: 'Notification preferences' });
    this.audioAlerts = page.getByRole('region', { name: 'Audio alerts' });
  }

  goto(accountId: number) {
    return this.page.goto(`/app/accounts/${accountId}/profile/settings`);
  }

  sendKeyChoice(name: 'Enter to send' | 'Cmd/Ctrl + Enter to send'): Locator {
    return this.sendKey.getByRole('radio', { name, exact: true });
  }

  /** A box of the notification preferences, e.g. `Email: A new conversation is created`. */
  notificationFlag(name: string): Locator {
    return this.notificationPreferences.getByRole('checkbox', { name, exact: true });
  }

  toast(text: string): Locator {
    return this.page.getByRole('status').filter({ hasText: text });
  }
}
