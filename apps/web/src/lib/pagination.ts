// Page arithmetic of numbered lists (audit logs, payment records).

/** How many pages a list of `total` entries has at `perPage` a page (at least one, so "page 1 of 1" reads). */
export const pageCount = (total: number, perPage: number) => Math.max(1, Math.ceil(total / perPage));

/** A page number from the URL: a whole number of 1 or more, else 1 (001 section 9: the default page is 1). */
export function pageFromQuery(value: string | null): number {
  const page = Number(value);
  return Number.isInteger(page) && page >= 1 ? page : 1;
}

/** The entries a page shows, 1-based and inclusive ("16–30 of 42"); from is 0 on an empty list. */
export function pageRange(page: number, perPage: number, total: number): { from: number; to: number } {
  if (total === 0) return { from: 0, to: 0 };
  const from = (page - 1) * perPage + 1;
  return { from: Math.min(from, total), to: Math.min(page * perPage, total) };
}
