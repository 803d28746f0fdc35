import { expect, type Page } from '@playwright/test';

/** The contacts screens as a person uses them: the list with its search, a contact's profile, its dialogs. */
export class ContactsPage {
  readonly page: Page;
  readonly accountId: number;

  constructor(page: Page, accountId: number) {
    this.page = page;
    this.accountId = accountId;
  }

  async openList() {
    await this.page.goto(`/app/accounts/${this.accountId}/contacts`);
    await expect(this.page.getByRole('heading', { name: 'Contacts', level: 1 })).toBeVisible();
  }

  async search(text: string) {
    const box = this.page.getByRole('searchbox', { name: 'Search contacts' });
    await box.fill(text);
    await box.press('Enter');
  }

  table() {
    return this.page.getByRole('table', { name: 'Contacts' });
  }

  async openContact(name: string) {
    await this.table().getByRole('link', { name }).click();
    await expect(this.page.getByRole('heading', { name, level: 1 })).toBeVisible();
  }

  async addNote(text: string) {
    await this.page.getByRole('textbox', { name: 'Add a note' }).fill(text);
    await this.page.getByRole('button', { name: 'Add note' }).click();
    await expect(this.page.getByRole('list', { name: 'Notes' }).getByText(text)).toBeVisible();
  }

  async addLabel(title: string) {
    await this.page.getByRole('combobox', { name: 'Label to add' }).selectOption(title);
    await this.page.getByRole('button', { name: 'Add a label' }).click();
    await expect(this.page.getByRole('list', { name: 'Labels' }).getByText(title)).toBeVisible();
  }

  /** Opens the merge dialog and picks the duplicate found by `query`; answers the dialog. */
  async pickDuplicate(query: string, name: string) {
    await this.page.getByRole('button', { name: 'Merge', exact: true }).click();
    const dialog = this.page.getByRole('dialog', { name: 'Merge contacts' });
    await dialog.getByRole('searchbox', { name: 'Find the duplicate' }).fill(query);
    await dialog.getByRole('button', { name: `Choose ${name}` }).click();
    return dialog;
  }
}
