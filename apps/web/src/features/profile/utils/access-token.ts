/** How the token shows while hidden: dots, with its last four characters so a user can tell tokens apart. */
export function maskToken(token: string): string {
  if (token.length <= 4) return '•'.repeat(token.length);
  return `${'•'.repeat(Math.min(24, token.length - 4))}${token.slice(-4)}`;
}
