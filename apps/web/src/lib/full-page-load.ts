/**
 * Leaves the single-page app for a fresh document at `path`, dropping every in-memory cache. jsdom cannot
 * navigate documents, so tests replace `pageLoader.load` with a spy (`spyOnFullPageLoad` in src/test): a seam on
 * an object rather than a module mock, which the shared module graph of a non-isolated test run would not honour.
 */
export const pageLoader = {
  load(path: string): void {
    window.location.assign(path);
  },
};

export function fullPageLoad(path: string): void {
  pageLoader.load(path);
}
