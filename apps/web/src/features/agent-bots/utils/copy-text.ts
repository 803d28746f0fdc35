/**
 * Copies text with the browser's clipboard (000 section 8): resolves on success; on failure throws
 * "Unable to copy text to clipboard" with the browser's error as the cause.
 */
export async function copyText(text: string): Promise<void> {
  try {
    if (!navigator.clipboard) throw new Error('The clipboard is not available here');
    await navigator.clipboard.writeText(text);
  } catch (cause) {
    throw new Error('Unable to copy text to clipboard', { cause });
  }
}
