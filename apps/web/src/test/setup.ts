import { afterEach, beforeEach, vi } from 'vitest';
import { cleanup } from '@testing-library/react';
import '@testing-library/jest-dom/vitest';
import { addMessages } from '../lib/i18n/i18n.ts';
import { pageLoader } from '../lib/full-page-load.ts';
import { settingsScreensEn } from '../lib/i18n/locales/en-settings.ts';
import { paymentsScreensEn } from '../lib/i18n/locales/en-payments.ts';
import { contactsScreensEn } from '../lib/i18n/locales/en-contacts.ts';

// Screens are rendered alone in component tests, without the settings layout that loads their strings.
addMessages('en', settingsScreensEn);
addMessages('en', paymentsScreensEn);
addMessages('en', contactsScreensEn);

// jsdom cannot load another document: every test sees a full page load as a spy on the seam (restored after each).
beforeEach(() => {
  vi.spyOn(pageLoader, 'load').mockImplementation(() => undefined);
});

afterEach(() => {
  cleanup();
  localStorage.clear();
  sessionStorage.clear();
  for (const cookie of document.cookie.split(';')) {
    const name = cookie.split('=')[0]!.trim();
    if (name) document.cookie = `${name}=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/`;
  }
});
