import { and, eq, sql, type SQL } from 'drizzle-orm';
import { schema, type Executor } from '@app/db';

const { contactImports, contactExports, contacts, users } = schema;

export type ContactImportRow = typeof contactImports.$inferSelect;
export type ContactExportRow = typeof contactExports.$inferSelect;
type Changes<T extends typeof contactImports | typeof contactExports> = Partial<{ [K in keyof T['$inferInsert']]: T['$inferInsert'][K] | SQL }>;
export type ImportChanges = Changes<typeof contactImports>;
export type ExportChanges = Changes<typeof contactExports>;

export async function insertImportRow(db: Executor, values: typeof contactImports.$inferInsert): Promise<ContactImportRow> {
  const [row] = await db.insert(contactImports).values(values).returning();
  if (!row) throw new Error('contact import insert returned nothing');
  return row;
}

export async function insertExportRow(db: Executor, values: typeof contactExports.$inferInsert): Promise<ContactExportRow> {
  const [row] = await db.insert(contactExports).values(values).returning();
  if (!row) throw new Error('contact export insert returned nothing');
  return row;
}

export async function findImportRow(db: Executor, accountId: number, id: number): Promise<ContactImportRow | null> {
  const [row] = await db.select().from(contactImports).where(and(eq(contactImports.accountId, accountId), eq(contactImports.id, id))).limit(1);
  return row ?? null;
}

export async function findExportRow(db: Executor, accountId: number, id: number): Promise<ContactExportRow | null> {
  const [row] = await db.select().from(contactExports).where(and(eq(contactExports.accountId, accountId), eq(contactExports.id, id))).limit(1);
  return row ?? null;
}

/**
 * Claims the oldest queued job of the table, or a running one whose lease ran out (its worker died), for `leaseMs`.
 * SKIP LOCKED: two workers never claim one job (served by contact_{imports,exports}_pending_idx).
 */
async function claim<T extends typeof contactImports | typeof contactExports>(db: Executor, table: T, leaseMs: number) {
  const t = table as typeof contactImports;
  const due = sql`(select id from ${t} where ${t.status} = 'queued' or (${t.status} = 'running' and ${t.leaseUntil} < now()) order by ${t.id} limit 1 for update skip locked)`;
  const [row] = await db
    .update(t)
    .set({ status: 'running', leaseUntil: new Date(Date.now() + leaseMs), startedAt: sql`coalesce(${t.startedAt}, now())`, updatedAt: new Date() })
    .where(eq(t.id, due))
    .returning();
  return (row ?? null) as T['$inferSelect'] | null;
}

export const claimImportRow = (db: Executor, leaseMs: number) => claim(db, contactImports, leaseMs);
export const claimExportRow = (db: Executor, leaseMs: number) => claim(db, contactExports, leaseMs);

/** Updates a running import only while it still carries the lease `job` holds; null when another worker took it. */
export async function updateLeasedImport(db: Executor, job: ContactImportRow, changes: ImportChanges): Promise<ContactImportRow | null> {
  const [row] = await db
    .update(contactImports)
    .set({ updatedAt: new Date(), ...changes })
    .where(and(eq(contactImports.id, job.id), eq(contactImports.status, 'running'), eq(contactImports.leaseUntil, job.leaseUntil!)))
    .returning();
  return row ?? null;
}

export async function updateLeasedExport(db: Executor, job: ContactExportRow, changes: ExportChanges): Promise<ContactExportRow | null> {
  const [row] = await db
    .update(contactExports)
    .set({ updatedAt: new Date(), ...changes })
    .where(and(eq(contactExports.id, job.id), eq(contactExports.status, 'running'), eq(contactExports.leaseUntil, job.leaseUntil!)))
    .returning();
  return row ?? null;
}

/** What one batch adds to an import's counters and listed errors. */
export function addedToImport(batch: { rows: number; created: number; updated: number; failed: number; listedErrors: unknown[] }): ImportChanges {
  const i = contactImports;
  return {
    processedRows: sql`${i.processedRows} + ${batch.rows}`,
    createdCount: sql`${i.createdCount} + ${batch.created}`,
    updatedCount: sql`${i.updatedCount} + ${batch.updated}`,
    failedCount: sql`${i.failedCount} + ${batch.failed}`,
    ...(batch.listedErrors.length > 0 ? { rowErrors: sql`${i.rowErrors} || ${JSON.stringify(batch.listedErrors)}::jsonb` } : {}),
  };
}

export async function userEmail(db: Executor, userId: number): Promise<{ email: string; name: string } | null> {
  const [row] = await db.select({ email: users.email, name: users.name }).from(users).where(eq(users.id, userId)).limit(1);
  return row ?? null;
}

// --- contacts, for the import's upserts and the export's reads

export type ContactRow = typeof contacts.$inferSelect;
export type ExistingContact = Pick<ContactRow, 'id' | 'email' | 'phoneNumber' | 'identifier'>;

/**
 * The account's contacts holding any of these emails (any case), phone numbers or identifiers: one query over the
 * contacts_account_{email,phone,identifier}_key indexes.
 */
export function contactsByHandles(db: Executor, accountId: number, handles: { emails: string[]; phones: string[]; identifiers: string[] }): Promise<ExistingContact[]> {
  const text = (values: string[]) => sql`${`{${values.map((v) => `"${v.replace(/["\\]/g, (c) => `\\${c}`)}"`).join(',')}}`}::text[]`;
  return db
    .select({ id: contacts.id, email: contacts.email, phoneNumber: contacts.phoneNumber, identifier: contacts.identifier })
    .from(contacts)
    .where(
      and(
        eq(contacts.accountId, accountId),
        sql`(lower(${contacts.email}) = any(${text(handles.emails)}) or ${contacts.phoneNumber} = any(${text(handles.phones)}) or ${contacts.identifier} = any(${text(handles.identifiers)}))`,
      ),
    );
}

/** A contact as the import writes it: null leaves the stored value alone; hashes are merged, labels added. */
export type ContactWrite = {
  name: string | null;
  email: string | null;
  phoneNumber: string | null;
  identifier: string | null;
  additionalAttributes: Record<string, string>;
  customAttributes: Record<string, string>;
  labels: string[];
};

export async function insertContacts(db: Executor, accountId: number, rows: ContactWrite[]): Promise<void> {
  if (rows.length === 0) return;
  await db.insert(contacts).values(
    rows.map((r) => ({
      accountId,
      name: r.name ?? '',
      email: r.email,
      phoneNumber: r.phoneNumber,
      identifier: r.identifier,
      additionalAttributes: r.additionalAttributes,
      customAttributes: r.customAttributes,
      labels: r.labels,
    })),
  );
}

/**
 * One UPDATE for a batch of matched contacts, from a JSON record set: given values overwrite, missing ones (null)
 * keep what is stored, the hashes are merged key by key and the labels added to the contact's.
 */
export async function updateContacts(db: Executor, accountId: number, rows: (ContactWrite & { id: number })[]): Promise<void> {
  if (rows.length === 0) return;
  const records = rows.map((r) => ({
    id: r.id,
    name: r.name,
    email: r.email,
    phone_number: r.phoneNumber,
    identifier: r.identifier,
    additional_attributes: r.additionalAttributes,
    custom_attributes: r.customAttributes,
    labels: r.labels,
  }));
  await db.execute(sql`
    update ${contacts} c set
      name = coalesce(v.name, c.name),
      email = coalesce(v.email, c.email),
      phone_number = coalesce(v.phone_number, c.phone_number),
      identifier = coalesce(v.identifier, c.identifier),
      additional_attributes = c.additional_attributes || v.additional_attributes,
      custom_attributes = c.custom_attributes || v.custom_attributes,
      labels = array(select distinct l from unnest(c.labels || array(select jsonb_array_elements_text(v.labels))) l order by l),
      updated_at = now()
    from jsonb_to_recordset(${JSON.stringify(records)}::jsonb)
      as v(id int, name text, email text, phone_number text, identifier text, additional_attributes jsonb, custom_attributes jsonb, labels jsonb)
    where c.id = v.id and c.account_id = ${accountId}`);
}

/** A page of contacts for the export, by id after `afterId`. */
export function contactPage(db: Executor, where: SQL, afterId: number, limit: number): Promise<ContactRow[]> {
  return db
    .select()
    .from(contacts)
    .where(and(where, sql`${contacts.id} > ${afterId}`))
    .orderBy(contacts.id)
    .limit(limit);
}
