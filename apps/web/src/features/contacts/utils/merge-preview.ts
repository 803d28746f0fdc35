import type { Contact } from '@app/shared/contacts';

const blank = (value: unknown) => value === null || value === undefined || value === '';

/** A hash where the base wins and the mergee fills the keys the base has no value for. */
function fillGaps(base: Record<string, unknown>, mergee: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = { ...base };
  for (const [key, value] of Object.entries(mergee)) if (blank(out[key]) && !blank(value)) out[key] = value;
  return out;
}

export type MergePreview = {
  name: string;
  email: string | null;
  phone_number: string | null;
  identifier: string | null;
  additional_attributes: Record<string, unknown>;
  custom_attributes: Record<string, unknown>;
  labels: string[];
};

/**
 * What the base contact looks like after POST actions/contact_merge (the contract's rules): the base's values win,
 * the mergee fills what the base lacks (name, email, phone number, identifier and each attribute key), and the
 * labels are the union of both sets.
 */
export function mergePreview(base: Contact, mergee: Contact, baseLabels: readonly string[], mergeeLabels: readonly string[]): MergePreview {
  return {
    name: base.name || mergee.name,
    email: base.email ?? mergee.email,
    phone_number: base.phone_number ?? mergee.phone_number,
    identifier: base.identifier ?? mergee.identifier,
    additional_attributes: fillGaps(base.additional_attributes, mergee.additional_attributes),
    custom_attributes: fillGaps(base.custom_attributes, mergee.custom_attributes),
    labels: [...new Set([...baseLabels, ...mergeeLabels])].sort(),
  };
}
