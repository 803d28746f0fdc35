import { DEFAULT_LABEL_COLOR, type Label } from '@app/shared/labels';
import { parseHexColour } from '../../../components/colour-hex.ts';
import { t } from '../../../lib/i18n/i18n.ts';
import type { LabelInput } from '../api.ts';

export type LabelField = 'title' | 'description' | 'color';
export type LabelFormValues = { title: string; description: string; color: string; show_on_sidebar: boolean };
export type LabelErrors = Partial<Record<LabelField, string>>;

export const LABEL_TITLE_MAX = 255;
export const LABEL_DESCRIPTION_MAX = 1000;
// The server's rule (packages/shared labels.ts): conversations and contacts reference labels by title.
const TITLE_CHARACTERS = /^[\p{L}\p{N}_-]+$/u;

export const emptyLabelForm = (): LabelFormValues => ({ title: '', description: '', color: DEFAULT_LABEL_COLOR, show_on_sidebar: true });

/** '#abc' (which the API accepts) as the picker's '#aabbcc'. */
const sixDigits = (colour: string) => colour.replace(/^#([0-9a-f])([0-9a-f])([0-9a-f])$/i, '#$1$1$2$2$3$3').toLowerCase();

export const labelFormOf = (label: Label): LabelFormValues => ({
  title: label.title,
  description: label.description ?? '',
  color: sixDigits(label.color),
  show_on_sidebar: label.show_on_sidebar,
});

/**
 * The label form's checks, after Chatwoot's: a name of at least 2 characters made of letters, numbers,
 * hyphens and underscores (no spaces), an optional description, and a colour that parses as hex.
 */
export function validateLabel(values: LabelFormValues): LabelErrors {
  const errors: LabelErrors = {};
  const title = values.title.trim();
  if (!title) errors.title = t('LABEL_MGMT.FORM.NAME.REQUIRED_ERROR');
  else if (title.length < 2) errors.title = t('LABEL_MGMT.FORM.NAME.MINIMUM_LENGTH_ERROR');
  else if (title.length > LABEL_TITLE_MAX) errors.title = t('LABEL_MGMT.FORM.NAME.MAXIMUM_LENGTH_ERROR');
  else if (!TITLE_CHARACTERS.test(title)) errors.title = t('LABEL_MGMT.FORM.NAME.VALID_ERROR');
  if (values.description.trim().length > LABEL_DESCRIPTION_MAX) errors.description = t('LABEL_MGMT.FORM.DESCRIPTION.ERROR');
  if (!parseHexColour(values.color)) errors.color = t('LABEL_MGMT.FORM.COLOR.ERROR');
  return errors;
}

/** What the API receives: the title lowercased as the server stores it, an empty description as none. */
export function labelInputOf(values: LabelFormValues): LabelInput {
  return {
    title: values.title.trim().toLowerCase(),
    description: values.description.trim() || null,
    color: parseHexColour(values.color) ?? values.color,
    show_on_sidebar: values.show_on_sidebar,
  };
}
