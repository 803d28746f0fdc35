import { describe, expect, it } from 'vitest';
import { markdownToContent } from './markdown-to-content.ts';

describe('markdownToContent', () => {
  it('turns paragraphs, line breaks and inline marks into editor content', () => {
    expect(markdownToContent('Hello **Ada**,\nsee *this* and `code`.\n\n[Docs](https://x.test)')).toEqual([
      {
        type: 'paragraph',
        content: [
          { type: 'text', text: 'Hello ' },
          { type: 'text', text: 'Ada', marks: [{ type: 'bold' }] },
          { type: 'text', text: ',' },
          { type: 'hardBreak' },
          { type: 'text', text: 'see ' },
          { type: 'text', text: 'this', marks: [{ type: 'italic' }] },
          { type: 'text', text: ' and ' },
          { type: 'text', text: 'code', marks: [{ type: 'code' }] },
          { type: 'text', text: '.' },
        ],
      },
      { type: 'paragraph', content: [{ type: 'text', text: 'Docs', marks: [{ type: 'link', attrs: { href: 'https://x.test' } }] }] },
    ]);
  });

  it('reads - and 1. lists', () => {
    const [bullets, numbers] = markdownToContent('- a\n- b\n\n2. c\n3. d');
    expect(bullets).toMatchObject({ type: 'bulletList', content: [{ type: 'listItem' }, { type: 'listItem' }] });
    expect(numbers).toMatchObject({ type: 'orderedList', attrs: { start: 2 } });
  });

  it('leaves unmatched markers, intraword underscores and escapes as text', () => {
    expect(markdownToContent('2 * 3, snake_case_name, \\*not\\*, a * b')).toEqual([{ type: 'paragraph', content: [{ type: 'text', text: '2 * 3, snake_case_name, *not*, a * b' }] }]);
  });
});
