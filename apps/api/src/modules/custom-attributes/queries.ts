import { and, asc, eq, ne, sql } from 'drizzle-orm';
import { preparedFor, schema, type Executor } from '@app/db';
import type { AttributeModel } from '@app/shared/constants';

const { customAttributeDefinitions: definitions } = schema;
export type CustomAttributeDefinitionRow = typeof definitions.$inferSelect;

export function listDefinitionRows(db: Executor, accountId: number, model?: AttributeModel): Promise<CustomAttributeDefinitionRow[]> {
  return db
    .select()
    .from(definitions)
    .where(and(eq(definitions.accountId, accountId), model ? eq(definitions.attributeModel, model) : undefined))
    .orderBy(asc(definitions.id));
}

const filterableQuery = (db: Executor) =>
  db
    .select({ attributeKey: definitions.attributeKey, attributeDisplayType: definitions.attributeDisplayType, attributeValues: definitions.attributeValues })
    .from(definitions)
    .where(and(eq(definitions.accountId, sql.placeholder('accountId')), eq(definitions.attributeModel, sql.placeholder('model'))))
    .orderBy(asc(definitions.id));

/** What the filter compiler needs of a model's definitions, as one prepared statement (every conversation filter reads it). */
export function filterableDefinitionRows(db: Executor, accountId: number, model: AttributeModel) {
  return preparedFor(db, 'custom_attribute_filterables', filterableQuery).execute({ accountId, model });
}

export async function findDefinitionRow(db: Executor, accountId: number, id: number): Promise<CustomAttributeDefinitionRow | null> {
  const [row] = await db
    .select()
    .from(definitions)
    .where(and(eq(definitions.accountId, accountId), eq(definitions.id, id)))
    .limit(1);
  return row ?? null;
}

/** Whether another definition of the account uses this key for the model (custom_attribute_definitions_key). */
export async function keyTaken(db: Executor, accountId: number, model: AttributeModel, key: string, exceptId?: number): Promise<boolean> {
  const [row] = await db
    .select({ id: definitions.id })
    .from(definitions)
    .where(
      and(
        eq(definitions.accountId, accountId),
        eq(definitions.attributeModel, model),
        eq(definitions.attributeKey, key),
        exceptId ? ne(definitions.id, exceptId) : undefined,
      ),
    )
    .limit(1);
  return Boolean(row);
}

export async function insertDefinition(db: Executor, values: typeof definitions.$inferInsert): Promise<CustomAttributeDefinitionRow> {
  const [row] = await db.insert(definitions).values(values).returning();
  if (!row) throw new Error('custom attribute definition insert returned nothing');
  return row;
}

export async function updateDefinitionRow(db: Executor, accountId: number, id: number, values: Partial<typeof definitions.$inferInsert>) {
  const [row] = await db
    .update(definitions)
    .set(values)
    .where(and(eq(definitions.accountId, accountId), eq(definitions.id, id)))
    .returning();
  return row ?? null;
}

export async function deleteDefinitionRow(db: Executor, accountId: number, id: number) {
  const [row] = await db
    .delete(definitions)
    .where(and(eq(definitions.accountId, accountId), eq(definitions.id, id)))
    .returning({ id: definitions.id });
  return Boolean(row);
}
