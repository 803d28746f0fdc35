/**
 * Puts text on the clipboard (000 section 7: the browser copies, not the server). The async Clipboard API
 * first; where it is missing or refused (plain http, an old browser, no permission), a hidden textarea and
 * `execCommand('copy')`. Answers whether the text was copied.
 */
export async function copyText(text: string): Promise<boolean> {
  try {
    if (navigator.clipboard?.writeText) {
      await navigator.clipboard.writeText(text);
      return true;
    }
  } catch {
    // fall through to the legacy path
  }
  return legacyCopy(text);
}

function legacyCopy(text: string): boolean {
  const area = document.createElement('textarea');
  area.value = text;
  area.setAttribute('readonly', '');
  // Off screen, and not zoomed into on iOS (font-size below 16px would).
  area.style.cssText = 'position:fixed;top:0;left:-9999px;opacity:0;font-size:16px';
  const focused = document.activeElement as HTMLElement | null;
  document.body.appendChild(area);
  area.select();
  let copied: boolean;
  try {
    copied = typeof document.execCommand === 'function' && document.execCommand('copy');
  } catch {
    copied = false;
  }
  area.remove();
  focused?.focus?.();
  return copied;
}
