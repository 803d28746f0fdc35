import { addMessages } from '../../../../lib/i18n/i18n.ts';
import { listToolsEn } from '../../../../lib/i18n/locales/en-list-tools.ts';

// The list tools' strings load with the workspace chunk that imports them, before any is looked up.
addMessages('en', listToolsEn);
