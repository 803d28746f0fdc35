import { afterEach, describe, expect, it, vi } from 'vitest';
import { clearDraft, draftKey, loadDraft, saveDraft } from './drafts.ts';

describe('drafts', () => {
  afterEach(() => localStorage.clear());

  it('S1-9.26 keeps a draft per account and conversation in local storage; an empty one removes it', () => {
    const doc = { type: 'doc', content: [{ type: 'paragraph', content: [{ type: 'text', text: 'hi' }] }] };
    saveDraft(draftKey(7, 42), doc, false);
    expect(loadDraft(draftKey(7, 42))).toEqual(doc);
    expect(loadDraft(draftKey(8, 42))).toBeNull();
    expect(loadDraft(draftKey(7, 43))).toBeNull();
    saveDraft(draftKey(7, 42), { type: 'doc', content: [{ type: 'paragraph' }] }, true);
    expect(localStorage.getItem(draftKey(7, 42))).toBeNull();
  });

  it('ignores what it did not write and survives a failing storage', () => {
    localStorage.setItem(draftKey(7, 1), 'not json');
    localStorage.setItem(draftKey(7, 2), JSON.stringify({ doc: 'x' }));
    expect(loadDraft(draftKey(7, 1))).toBeNull();
    expect(loadDraft(draftKey(7, 2))).toBeNull();
    vi.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
      throw new DOMException('full', 'QuotaExceededError');
    });
    expect(() => saveDraft(draftKey(7, 3), { type: 'doc' }, false)).not.toThrow();
    clearDraft(draftKey(7, 3));
  });
});
