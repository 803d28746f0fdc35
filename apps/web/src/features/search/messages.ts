import { addMessages } from '../../lib/i18n/i18n.ts';
import { searchScreensEn } from '../../lib/i18n/locales/en-search.ts';

// The search page's strings load with its chunk, before any is looked up.
addMessages('en', searchScreensEn);
