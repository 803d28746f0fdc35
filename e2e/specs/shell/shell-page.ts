import type { Locator, Page } from '@playwright/test';

/** The app shell around account screens: the icon rail, the section menu, the avatar menu, the network notice. */
export class ShellPage {
  readonly page: Page;
  readonly rail: Locator;
  readonly sectionMenu: Locator;
  readonly avatar: Locator;
  readonly menu: Locator;
  readonly networkNotice: Locator;

  constructor(page: Page) {
    this.page = page;
    this.rail = page.getByRole('navigation', { name: 'Main navigation' });
    this.sectionMenu = page.getByRole('navigation', { name: 'Section navigation' });
    this.avatar = page.getByRole('button', { name: 'Your profile and settings' });
    this.menu = page.getByRole('menu', { name: 'Your profile and settings' });
    this.networkNotice = page.locator('.shell-network');
  }

  availability(status: 'Online' | 'Busy' | 'Offline'): Locator {
    return this.menu.getByRole('menuitemradio', { name: status });
  }
}
