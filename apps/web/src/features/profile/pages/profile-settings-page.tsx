/** Profile settings (000 section 3); being built. */
export function ProfileSettingsPage() {
  return <h1>Profile settings</h1>;
}
