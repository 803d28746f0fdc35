/** How the token shows while hidden: dots, with its last four characters so a user can tell tokens apart. */
export function maskToken(token: string): string {
  if (token.length <= 4) return '•'.repeat(token.length);
  return `${'•'.repeat(Math.min(24, token.length - 4))}${token.slice(-4)}`;
}

/** Copies text; false when the browser refuses (no clipboard permission, insecure page). */
export async function copyText(text: string): Promise<boolean> {
  try {
    if (!navigator.clipboard?.writeText) return false;
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    return false;
  }
}
