/**
 * Leaves the single-page app for a fresh document at `path`, dropping every in-memory cache. Its own module
 * so tests can replace it (jsdom cannot navigate documents).
 */
export function fullPageLoad(path: string): void {
  window.location.assign(path);
}
