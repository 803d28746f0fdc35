import { addMessages } from '../../lib/i18n/i18n.ts';
import { csatSurveyEn } from '../../lib/i18n/locales/en-csat-survey.ts';

// The survey page's strings load with its chunk, before any is looked up.
addMessages('en', csatSurveyEn);
