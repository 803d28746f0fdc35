import { and, asc, eq, inArray, ne, sql } from 'drizzle-orm';
import { schema, type Executor } from '@app/db';

const { teams, teamMembers } = schema;
export type TeamRow = typeof teams.$inferSelect;

/** The account's teams by name, each with whether this user is a member. */
export function listTeamRows(db: Executor, accountId: number, userId: number) {
  return db
    .select({ team: teams, isMember: sql<boolean>`exists (select 1 from ${teamMembers} where ${teamMembers.teamId} = ${teams.id} and ${teamMembers.userId} = ${userId})` })
    .from(teams)
    .where(eq(teams.accountId, accountId))
    .orderBy(sql`lower(${teams.name})`, asc(teams.id));
}

export async function findTeamRow(db: Executor, accountId: number, id: number): Promise<TeamRow | null> {
  const [row] = await db.select().from(teams).where(and(eq(teams.accountId, accountId), eq(teams.id, id))).limit(1);
  return row ?? null;
}

export async function isTeamMember(db: Executor, teamId: number, userId: number): Promise<boolean> {
  const [row] = await db.select({ userId: teamMembers.userId }).from(teamMembers).where(and(eq(teamMembers.teamId, teamId), eq(teamMembers.userId, userId))).limit(1);
  return Boolean(row);
}

export async function teamNameTaken(db: Executor, accountId: number, name: string, exceptId?: number): Promise<boolean> {
  const [row] = await db
    .select({ id: teams.id })
    .from(teams)
    .where(and(eq(teams.accountId, accountId), sql`lower(${teams.name}) = ${name.toLowerCase()}`, exceptId ? ne(teams.id, exceptId) : undefined))
    .limit(1);
  return Boolean(row);
}

export async function insertTeam(db: Executor, values: typeof teams.$inferInsert): Promise<TeamRow> {
  const [row] = await db.insert(teams).values(values).returning();
  if (!row) throw new Error('team insert returned nothing');
  return row;
}

export async function updateTeamRow(db: Executor, accountId: number, id: number, values: Partial<typeof teams.$inferInsert>) {
  const [row] = await db.update(teams).set(values).where(and(eq(teams.accountId, accountId), eq(teams.id, id))).returning();
  return row ?? null;
}

export async function deleteTeamRow(db: Executor, accountId: number, id: number) {
  await db.delete(teams).where(and(eq(teams.accountId, accountId), eq(teams.id, id)));
}

export async function memberIds(db: Executor, teamId: number): Promise<number[]> {
  const rows = await db.select({ userId: teamMembers.userId }).from(teamMembers).where(eq(teamMembers.teamId, teamId));
  return rows.map((r) => r.userId);
}


export async function addMembers(db: Executor, teamId: number, userIds: number[]) {
  if (userIds.length === 0) return;
  await db.insert(teamMembers).values(userIds.map((userId) => ({ teamId, userId }))).onConflictDoNothing();
}

export async function removeMembers(db: Executor, teamId: number, userIds: number[]) {
  if (userIds.length === 0) return;
  await db.delete(teamMembers).where(and(eq(teamMembers.teamId, teamId), inArray(teamMembers.userId, userIds)));
}
