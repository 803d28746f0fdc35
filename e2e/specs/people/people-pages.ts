import type { Locator, Page } from '@playwright/test';

/** /app/accounts/{id}/settings/agents/list: the members table and the invite dialog. */
export class AgentsPage {
  readonly page: Page;
  readonly heading: Locator;
  readonly inviteButton: Locator;
  readonly dialog: Locator;

  constructor(page: Page) {
    this.page = page;
    this.heading = page.getByRole('heading', { level: 1, name: 'Agents' });
    this.inviteButton = page.getByRole('button', { name: 'Invite agents' }).first();
    this.dialog = page.getByRole('dialog', { name: 'Invite agents' });
  }

  goto(accountId: number) {
    return this.page.goto(`/app/accounts/${accountId}/settings/agents/list`);
  }

  row(text: string): Locator {
    return this.page.getByRole('row').filter({ hasText: text });
  }

  async inviteOne(name: string, email: string, role = 'Agent') {
    await this.inviteButton.click();
    await this.dialog.getByLabel('Name').fill(name);
    await this.dialog.getByLabel('Email').fill(email);
    await this.dialog.getByLabel('Role').selectOption({ label: role });
    await this.dialog.getByRole('button', { name: 'Send invitation' }).click();
  }

  toast(text: string | RegExp): Locator {
    return this.page.getByRole('status').filter({ hasText: text });
  }
}

/** settings/teams/…: the list and the create wizard's three steps. */
export class TeamsPage {
  readonly page: Page;
  readonly newTeam: Locator;
  readonly name: Locator;
  readonly description: Locator;
  readonly create: Locator;
  readonly search: Locator;
  readonly addAgents: Locator;
  readonly activeStep: Locator;

  constructor(page: Page) {
    this.page = page;
    this.newTeam = page.getByRole('link', { name: 'Create new team' }).first();
    this.name = page.getByLabel('Team name');
    this.description = page.getByLabel('Description');
    this.create = page.getByRole('button', { name: 'Create team' });
    this.search = page.getByRole('searchbox', { name: 'Search agents' });
    this.addAgents = page.getByRole('button', { name: 'Add agents' });
    this.activeStep = page.locator('[aria-current="step"]');
  }

  goto(accountId: number) {
    return this.page.goto(`/app/accounts/${accountId}/settings/teams/list`);
  }

  agentCheckbox(name: string): Locator {
    return this.page.getByRole('checkbox', { name: `Select ${name}` });
  }
}
