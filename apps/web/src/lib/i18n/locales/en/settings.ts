/** en strings of the settings frame shared by every settings screen. */
export const settingsEn = {
  'SETTINGS.BACK': 'Back',
  'SETTINGS.LOADING': 'Loading…',
  'SETTINGS.LOAD_ERROR': 'We could not load this page.',
  'SETTINGS.RETRY': 'Try again',
} as const;
