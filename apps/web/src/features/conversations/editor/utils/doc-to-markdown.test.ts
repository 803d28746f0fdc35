import { describe, expect, it } from 'vitest';
import type { JSONContent } from '@tiptap/core';
import { docToMarkdown, escapeMarkdown, mentionMarkdown, withPlainMentions } from './doc-to-markdown.ts';
import { markdownToContent } from './markdown-to-content.ts';

const text = (value: string, ...marks: (string | { type: string; attrs: Record<string, string> })[]): JSONContent => ({
  type: 'text',
  text: value,
  ...(marks.length ? { marks: marks.map((mark) => (typeof mark === 'string' ? { type: mark } : mark)) } : {}),
});
const p = (...content: JSONContent[]): JSONContent => ({ type: 'paragraph', content });
const doc = (...content: JSONContent[]): JSONContent => ({ type: 'doc', content });
const link = (href: string) => ({ type: 'link', attrs: { href } });
const item = (...content: JSONContent[]): JSONContent => ({ type: 'listItem', content });

describe('docToMarkdown', () => {
  it('S0-9.12 writes bold, italic, code and links as markdown', () => {
    const out = docToMarkdown(doc(p(text('Hi '), text('there', 'bold'), text(', see '), text('docs', link('https://x.test/a b')), text(' and '), text('npm i', 'code'), text(' '), text('now', 'italic'))));
    expect(out).toBe('Hi **there**, see [docs](https://x.test/a%20b) and `npm i` *now*');
  });

  it('S0-9.12 writes bullet and numbered lists, keeping an ordered list start and line breaks in items', () => {
    const bullets: JSONContent = { type: 'bulletList', content: [item(p(text('one'))), item(p(text('two'), { type: 'hardBreak' }, text('more')))] };
    const numbers: JSONContent = { type: 'orderedList', attrs: { start: 3 }, content: [item(p(text('three'))), item(p(text('four')))] };
    expect(docToMarkdown(doc(p(text('Steps:')), bullets, numbers))).toBe('Steps:\n\n- one\n- two\n  more\n\n3. three\n4. four');
  });

  it('S0-5.16 writes a mention as [@Name](mention://user/ID/Name), the name encoded in the link', () => {
    const mention: JSONContent = { type: 'mention', attrs: { id: '12', label: 'Ana Lopez' } };
    expect(docToMarkdown(doc(p(text('cc '), mention, text(' please'))))).toBe('cc [@Ana Lopez](mention://user/12/Ana%20Lopez) please');
    expect(mentionMarkdown(5, 'Bo [x]')).toBe('[@Bo \\[x\\]](mention://user/5/Bo%20%5Bx%5D)');
  });

  it('replies carry mentions as plain @Name', () => {
    const withMention = doc(p(text('ask '), { type: 'mention', attrs: { id: '12', label: 'Ana' } }));
    expect(docToMarkdown(withPlainMentions(withMention))).toBe('ask @Ana');
  });

  it('merges marks across neighbouring text and keeps spaces outside the markers', () => {
    expect(docToMarkdown(doc(p(text('bold ', 'bold'), text('both', 'bold', 'italic'), text(' plain'))))).toBe('**bold *both*** plain');
    expect(docToMarkdown(doc(p(text('x '), text(' spaced ', 'bold'), text('y'))))).toBe('x  **spaced** y');
  });

  it('keeps paragraphs apart by a blank line and line breaks as newlines; drops empty paragraphs and outer spaces', () => {
    expect(docToMarkdown(doc(p(), p(text('  first'), { type: 'hardBreak' }, text('second  ')), p(), p(), p(text('third')), p()))).toBe('first\nsecond\n\nthird');
    expect(docToMarkdown(doc(p()))).toBe('');
  });

  it('escapes what would become markup, but not an underscore inside a word', () => {
    expect(escapeMarkdown('2*3 = 6, a `tick`, snake_case, _lead and [x](y)')).toBe('2\\*3 = 6, a \\`tick\\`, snake_case, \\_lead and \\[x\\](y)');
    expect(docToMarkdown(doc(p(text('# not a heading')), p(text('1. not a list'))))).toBe('\\# not a heading\n\n1\\. not a list');
    expect(docToMarkdown(doc(p(text('a `b`', 'code'))))).toBe('`` a `b` ``');
  });

  it('reads back what it writes (canned responses are parsed with markdownToContent)', () => {
    const original = doc(
      p(text('Hi '), text('Ada', 'bold'), text(', '), text('read', 'italic'), text(' '), text('this', link('https://x.test')), text(' or run '), text('ls', 'code')),
      { type: 'bulletList', content: [item(p(text('one'))), item(p(text('two')))] },
      { type: 'orderedList', content: [item(p(text('first')))] },
      p(text('cc '), { type: 'mention', attrs: { id: '12', label: 'Ana Lopez' } }, text(' 2*3 snake_case'), { type: 'hardBreak' }, text('# end')),
    );
    const markdown = docToMarkdown(original);
    expect(docToMarkdown(doc(...markdownToContent(markdown)))).toBe(markdown);
    expect(markdownToContent(markdown)[3]!.content).toContainEqual({ type: 'mention', attrs: { id: '12', label: 'Ana Lopez' } });
  });
});
