/** Leaves the app for an address on another site (the billing provider); its own module so tests can replace it. */
export function redirectTo(url: string): void {
  window.location.assign(url);
}
