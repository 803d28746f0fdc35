import { addMessages } from '../../lib/i18n/i18n.ts';
import { filterBuilderEn } from '../../lib/i18n/locales/en-filter-builder.ts';

// The builder's strings load with the builder (whatever chunk imports it), before any of them is looked up.
addMessages('en', filterBuilderEn);
