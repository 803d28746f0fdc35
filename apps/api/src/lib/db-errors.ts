/** The Postgres error behind a driver or drizzle error, if any (they wrap it in `cause`). */
function postgresError(error: unknown): { code?: string; constraint?: string } | null {
  for (let e: unknown = error; e instanceof Error; e = e.cause) {
    const { code, constraint } = e as Error & { code?: unknown; constraint?: unknown };
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) {
      return { code, ...(typeof constraint === 'string' ? { constraint } : {}) };
    }
  }
  return null;
}

/** A number past its column's range (22003), e.g. an id above 2^31-1 in a query string or a body. */
export function isOutOfRange(error: unknown): boolean {
  return postgresError(error)?.code === '22003';
}

export function isUniqueViolation(error: unknown): boolean {
  return postgresError(error)?.code === '23505';
}

/** Which request field each unique index guards, so a lost race answers like the service's own check. */
const UNIQUE_FIELDS: Record<string, string> = {
  users_email_key: 'email',
  account_users_account_user_key: 'email',
  custom_roles_account_name_key: 'name',
  labels_account_title_key: 'title',
  canned_responses_account_short_code_key: 'short_code',
  custom_attribute_definitions_key: 'attribute_key',
  teams_account_name_key: 'name',
};

/** The field a unique violation is about, or null when it is not one. */
export function uniqueViolationField(error: unknown): string | null {
  const pg = postgresError(error);
  if (pg?.code !== '23505') return null;
  return (pg.constraint && UNIQUE_FIELDS[pg.constraint]) ?? 'base';
}
