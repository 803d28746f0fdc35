import type { Executor } from '@app/db';
import type { ContactImportRowError } from '@app/db/schema';
import { contactsByHandles, insertContacts, updateContacts, type ContactWrite, type ExistingContact } from './queries.ts';

/** A checked row waiting for its batch: its line in the file, the cells read (for the report) and the write. */
export type PendingRow = { line: number; values: Record<string, string>; contact: ContactWrite };

const TAKEN = 'has already been taken';

/**
 * Upserts a batch in set-based rounds: one lookup of every email, phone number and identifier, one INSERT of the
 * new contacts and one UPDATE of the matched ones. A row finds its contact by email, else phone number, else
 * identifier; a value it brings that another contact holds refuses the row. A row touching a handle or contact
 * an earlier row of the round already touches waits for the next round, so the file's order decides (the later
 * row wins, as in a spreadsheet).
 */
export async function upsertBatch(tx: Executor, accountId: number, rows: PendingRow[]) {
  let created = 0;
  let updated = 0;
  const errors: ContactImportRowError[] = [];
  let pending = rows;
  while (pending.length > 0) {
    const existing = await contactsByHandles(tx, accountId, {
      emails: pending.flatMap((r) => (r.contact.email ? [r.contact.email] : [])),
      phones: pending.flatMap((r) => (r.contact.phoneNumber ? [r.contact.phoneNumber] : [])),
      identifiers: pending.flatMap((r) => (r.contact.identifier ? [r.contact.identifier] : [])),
    });
    const round = planRound(pending, existing);
    await insertContacts(tx, accountId, round.inserts);
    await updateContacts(tx, accountId, round.updates);
    created += round.inserts.length;
    updated += round.updates.length;
    errors.push(...round.errors);
    pending = round.deferred;
  }
  return { created, updated, errors };
}

function planRound(rows: PendingRow[], existing: ExistingContact[]) {
  const byEmail = new Map<string, ExistingContact>();
  const byPhone = new Map<string, ExistingContact>();
  const byIdentifier = new Map<string, ExistingContact>();
  for (const c of existing) {
    if (c.email) byEmail.set(c.email.toLowerCase(), c);
    if (c.phoneNumber) byPhone.set(c.phoneNumber, c);
    if (c.identifier) byIdentifier.set(c.identifier, c);
  }
  const claimed = new Set<string>();
  const inserts: ContactWrite[] = [];
  const updates: (ContactWrite & { id: number })[] = [];
  const errors: ContactImportRowError[] = [];
  const deferred: PendingRow[] = [];

  for (const row of rows) {
    const { email, phoneNumber, identifier } = row.contact;
    const target = (email && byEmail.get(email)) || (phoneNumber && byPhone.get(phoneNumber)) || (identifier && byIdentifier.get(identifier)) || null;
    const keys = [email && `e:${email}`, phoneNumber && `p:${phoneNumber}`, identifier && `i:${identifier}`, target && `c:${target.id}`].filter((k): k is string => Boolean(k));
    if (keys.some((k) => claimed.has(k))) {
      deferred.push(row);
      continue;
    }
    for (const k of keys) claimed.add(k);

    const rowErrors: Record<string, string> = {};
    const holders: [string, string | null, Map<string, ExistingContact>][] = [
      ['email', email, byEmail],
      ['phone_number', phoneNumber, byPhone],
      ['identifier', identifier, byIdentifier],
    ];
    for (const [field, value, map] of holders) {
      const holder = value ? map.get(value) : undefined;
      if (holder && holder.id !== target?.id) rowErrors[field] = TAKEN;
    }
    if (Object.keys(rowErrors).length > 0) errors.push({ row: row.line, values: row.values, errors: rowErrors });
    else if (target) updates.push({ ...row.contact, id: target.id });
    else inserts.push(row.contact);
  }
  return { inserts, updates, errors, deferred };
}
