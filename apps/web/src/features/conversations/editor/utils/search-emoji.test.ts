import { describe, expect, it } from 'vitest';
import { emojiIndex, loadEmojiIndex, searchEmoji } from './search-emoji.ts';

describe('emoji search', () => {
  const index = emojiIndex({ '😄': ['grinning_face_with_smiling_eyes', 'smile', 'happy'], '😊': ['smiling_face_with_smiling_eyes', 'blush'], '👋': ['waving_hand', 'wave'], '🙂': ['slightly_smiling_face', 'smile'] });

  it('S0-9.13 finds nothing below the minimum, then ranks name prefixes before words before keywords', () => {
    expect(searchEmoji(index, '', 10)).toEqual([]);
    expect(searchEmoji(index, 'sm', 10).map((e) => e.emoji)).toEqual(['😊', '😄', '🙂']);
    expect(searchEmoji(index, 'wave', 10).map((e) => e.emoji)).toEqual(['👋']);
    expect(searchEmoji(index, 'sm', 2)).toHaveLength(2);
  });

  it('loads the emojilib keyword data', async () => {
    const full = await loadEmojiIndex();
    expect(full.length).toBeGreaterThan(1000);
    expect(searchEmoji(full, 'thumbs', 3).map((e) => e.emoji)).toContain('👍');
  });
});
