import { CreateContactBodySchema } from '@app/shared/contacts';
import type { ContactWrite } from './queries.ts';

/** A header cell as a column name: `Phone Number` and `phone_number` are the same column. */
export const columnName = (header: string) => header.trim().toLowerCase().replace(/[\s-]+/g, '_');

/** Where the known columns go; any other column is a custom attribute of that name. */
const ADDITIONAL: Record<string, string> = { company: 'company_name', city: 'city', country: 'country' };
const STANDARD = new Set(['name', 'email', 'phone_number', 'identifier', 'labels', ...Object.keys(ADDITIONAL)]);
const HANDLES = ['email', 'phone_number', 'identifier'] as const;
const MAX_CUSTOM_VALUE = 10_000;

/** A header an import can use: one column at least to find or make a contact by. */
export function usableHeader(columns: string[]): boolean {
  return HANDLES.some((column) => columns.includes(column));
}

export type CheckedRow = { contact: ContactWrite } | { errors: Record<string, string> };

/**
 * One CSV record (column name → cell) as a contact write, checked by the rules of `POST contacts` (email, E.164
 * phone number, lengths), or why it was refused. Blank cells leave the stored value alone. `labels` are split on
 * commas or semicolons and must be labels of the account.
 */
export function checkRow(record: Record<string, string | undefined>, accountLabels: ReadonlySet<string>): CheckedRow {
  const cell = (column: string) => {
    const text = record[column]?.trim();
    return text ? text : undefined;
  };
  const errors: Record<string, string> = {};
  const parsed = CreateContactBodySchema.safeParse({
    name: cell('name'),
    email: cell('email'),
    phone_number: cell('phone_number'),
    identifier: cell('identifier'),
  });
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const field = issue.path.map(String).join('.') || 'base';
      errors[field] = errors[field] ? `${errors[field]}, ${issue.message}` : issue.message;
    }
  }
  const labels = [...new Set((cell('labels') ?? '').split(/[,;]/).map((l) => l.trim().toLowerCase()).filter(Boolean))].sort();
  const unknown = labels.filter((l) => !accountLabels.has(l));
  if (unknown.length > 0) errors.labels = `${unknown.join(', ')} ${unknown.length > 1 ? 'are not labels' : 'is not a label'} of this account`;

  const customAttributes: Record<string, string> = {};
  const additionalAttributes: Record<string, string> = {};
  for (const [column, raw] of Object.entries(record)) {
    const value = raw?.trim();
    if (!value || column === '') continue;
    if (ADDITIONAL[column]) additionalAttributes[ADDITIONAL[column]] = value.slice(0, 255);
    else if (!STANDARD.has(column)) {
      if (value.length > MAX_CUSTOM_VALUE) errors[column] = `is too long (maximum is ${MAX_CUSTOM_VALUE} characters)`;
      else customAttributes[column] = value;
    }
  }
  if (Object.keys(errors).length > 0) return { errors };
  const data = parsed.data!;
  const contact: ContactWrite = {
    name: data.name || null,
    email: data.email ?? null,
    phoneNumber: data.phone_number ?? null,
    identifier: data.identifier ?? null,
    additionalAttributes,
    customAttributes,
    labels,
  };
  if (!contact.email && !contact.phoneNumber && !contact.identifier) return { errors: { email: "can't be blank without a phone_number or identifier" } };
  return { contact };
}
