import { describe, expect, it } from 'vitest';
import { paragraphsOf, tokenize } from './message-format.ts';

describe('message text', () => {
  it('reads mentions, links, emphasis and code; anything else stays text (never HTML)', () => {
    expect(tokenize('Hi [@Sam Lee](mention://user/2/Sam%20Lee), see **this** and `code` at https://example.com/a.')).toEqual([
      { kind: 'text', text: 'Hi ' },
      { kind: 'mention', name: 'Sam Lee', userId: 2 },
      { kind: 'text', text: ', see ' },
      { kind: 'strong', text: 'this' },
      { kind: 'text', text: ' and ' },
      { kind: 'code', text: 'code' },
      { kind: 'text', text: ' at ' },
      { kind: 'link', text: 'https://example.com/a', href: 'https://example.com/a' },
      { kind: 'text', text: '.' },
    ]);
    expect(tokenize('<img src=x onerror=alert(1)>')).toEqual([{ kind: 'text', text: '<img src=x onerror=alert(1)>' }]);
    expect(tokenize('[docs](javascript:alert(1))')).toEqual([{ kind: 'text', text: '[docs](javascript:alert(1))' }]);
    expect(tokenize('an *emphasis* and snake_case_name')).toEqual([
      { kind: 'text', text: 'an ' },
      { kind: 'em', text: 'emphasis' },
      { kind: 'text', text: ' and snake_case_name' },
    ]);
  });

  it('splits paragraphs on blank lines and keeps single line breaks', () => {
    expect(paragraphsOf('one\ntwo\n\n\nthree')).toEqual([['one', 'two'], ['three']]);
  });
});
