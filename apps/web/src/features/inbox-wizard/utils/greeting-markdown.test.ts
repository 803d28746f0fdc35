import { describe, expect, it } from 'vitest';
import { greetingMarkdown } from './greeting-markdown.ts';

const text = (value: string, ...marks: string[]) => ({ type: 'text', text: value, ...(marks.length ? { marks: marks.map((type) => ({ type })) } : {}) });
const paragraph = (...content: object[]) => ({ type: 'paragraph', content });

describe('greeting markdown', () => {
  it('writes paragraphs, line breaks, bold and italic, with spaces outside the markers', () => {
    const doc = { type: 'doc', content: [paragraph(text('Hi '), text('there ', 'bold'), text('friend', 'bold', 'italic')), paragraph(text('a'), { type: 'hardBreak' }, text('b'))] };
    expect(greetingMarkdown(doc)).toBe('Hi **there** ***friend***\n\na  \nb');
  });

  it('escapes markdown characters typed as text, and an empty document is empty', () => {
    expect(greetingMarkdown({ type: 'doc', content: [paragraph(text('2*3 [x]'))] })).toBe('2\\*3 \\[x\\]');
    expect(greetingMarkdown({ type: 'doc', content: [{ type: 'paragraph' }] })).toBe('');
  });
});
