// SEARCH_PAGE_SIZE and SEARCH_ALL_PREVIEW of @app/shared/search, written out because that file holds zod schemas
// the page's chunk must not load; constants.test.ts keeps them equal.
export const PAGE_SIZE = 15;
export const ALL_PREVIEW = 5;
