import type { JSONContent } from '@tiptap/core';

/** Local-storage key of a conversation's reply draft (001 section 9: drafts are kept in local storage). */
export const draftKey = (accountId: number, conversationId: number) => `relay-desk:reply-draft:${accountId}:${conversationId}`;

type StoredDraft = { doc: JSONContent; savedAt: string };

// Storage may be unavailable (private mode, quota, disabled): a draft is a convenience, never an error.
function storage(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

/** The saved editor document, or null when there is none or it is not one we wrote. */
export function loadDraft(key: string): JSONContent | null {
  try {
    const stored = JSON.parse(storage()?.getItem(key) ?? 'null') as Partial<StoredDraft> | null;
    return stored?.doc?.type === 'doc' ? stored.doc : null;
  } catch {
    return null;
  }
}

/** Keeps the document; an empty one removes the draft instead. */
export function saveDraft(key: string, doc: JSONContent, isEmpty: boolean): void {
  try {
    if (isEmpty) storage()?.removeItem(key);
    else storage()?.setItem(key, JSON.stringify({ doc, savedAt: new Date().toISOString() } satisfies StoredDraft));
  } catch {
    // quota exceeded: the draft is simply not kept
  }
}

export function clearDraft(key: string): void {
  try {
    storage()?.removeItem(key);
  } catch {
    // nothing to clear
  }
}
