import { addMessages } from '../../lib/i18n/i18n.ts';
import { reportsScreensEn } from '../../lib/i18n/locales/en-reports.ts';

// The report screens' strings load with their chunk, before any is looked up.
addMessages('en', reportsScreensEn);
