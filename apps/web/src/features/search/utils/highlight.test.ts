import { describe, expect, it } from 'vitest';
import { highlightSegments } from './highlight.ts';

describe('highlightSegments', () => {
  it('marks every case-insensitive occurrence of each word, keeping the original spelling', () => {
    expect(highlightSegments('Refund for Anna: the refund is late', 'refund ANNA')).toEqual([
      { text: 'Refund', match: true },
      { text: ' for ', match: false },
      { text: 'Anna', match: true },
      { text: ': the ', match: false },
      { text: 'refund', match: true },
      { text: ' is late', match: false },
    ]);
  });

  it('treats every character of q literally (no regular expression) and prefers the longest word', () => {
    expect(highlightSegments('a+b (c) a.b', 'a.b (c)')).toEqual([
      { text: 'a+b ', match: false },
      { text: '(c)', match: true },
      { text: ' ', match: false },
      { text: 'a.b', match: true },
    ]);
    expect(highlightSegments('annabel', 'ann annabel').map((s) => s.text)).toEqual(['annabel']);
  });

  it('leaves text without a match, or a blank query, whole; markup in the text is only text', () => {
    expect(highlightSegments('<b>hello</b>', 'zzz')).toEqual([{ text: '<b>hello</b>', match: false }]);
    expect(highlightSegments('<b>hello</b>', 'b>')).toEqual([
      { text: '<', match: false },
      { text: 'b>', match: true },
      { text: 'hello</', match: false },
      { text: 'b>', match: true },
    ]);
    expect(highlightSegments('hello', '   ')).toEqual([{ text: 'hello', match: false }]);
    expect(highlightSegments('', 'x')).toEqual([]);
  });
});
