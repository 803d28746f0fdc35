/**
 * zod's email pattern (`z.email()`'s default, zod/v4/core/regexes.ts), for screens whose chunk must not load zod
 * to check an address typed in a form. lib/email.test.ts holds it to the shared schemas' answers.
 */
const EMAIL = /^(?:[A-Za-z0-9_'+-]+\.)*[A-Za-z0-9_'+-]*[A-Za-z0-9_+-]@(?:[A-Za-z0-9][A-Za-z0-9-]*\.)+[A-Za-z]{2,}$/;

/** What `z.string().trim().toLowerCase().pipe(z.email())` accepts (e.g. @app/shared's TranscriptBodySchema). */
export const isEmail = (value: string): boolean => EMAIL.test(value.trim().toLowerCase());
