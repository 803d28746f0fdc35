import type { JSONContent } from '@tiptap/core';

type Mark = NonNullable<JSONContent['marks']>[number];

const LIST_ITEM = /^\s*(?:([-*+])|(\d+)[.)])\s+(.*)$/;
const LINK = /^\[((?:\\.|[^\]\\])*)\]\(([^)\s]*)\)/;
const MENTION_URL = /^mention:\/\/user\/(\d+)\/(.*)$/;

function pushText(out: JSONContent[], text: string, marks: Mark[]) {
  if (!text) return;
  const last = out[out.length - 1];
  if (last?.type === 'text' && JSON.stringify(last.marks ?? []) === JSON.stringify(marks)) last.text += text;
  else out.push(marks.length ? { type: 'text', text, marks } : { type: 'text', text });
}

const isWordChar = (char: string | undefined) => !!char && /[\p{L}\p{N}]/u.test(char);

/** Where the emphasis opened at `from` with `delimiter` closes, or -1. */
function closingOf(text: string, from: number, delimiter: string): number {
  for (let at = text.indexOf(delimiter, from); at !== -1; at = text.indexOf(delimiter, at + 1)) {
    if (text[at - 1] === '\\' || /\s/.test(text[at - 1] ?? ' ')) continue;
    // A single `*` must not be half of a `**`, and `_` may not close inside a word.
    if (delimiter.length === 1 && (text[at + 1] === delimiter || text[at - 1] === delimiter)) continue;
    if (delimiter === '_' && isWordChar(text[at + 1])) continue;
    return at;
  }
  return -1;
}

function parseInline(text: string, marks: Mark[] = [], out: JSONContent[] = []): JSONContent[] {
  let plain = '';
  const flush = () => {
    pushText(out, plain, marks);
    plain = '';
  };
  for (let i = 0; i < text.length; ) {
    const rest = text.slice(i);
    const char = text[i]!;
    if (char === '\\' && /^\\[\\`*_[\]()#>+\-.!{}]/.test(rest)) {
      plain += text[i + 1];
      i += 2;
    } else if (char === '\n') {
      flush();
      out.push({ type: 'hardBreak' });
      i += 1;
    } else if (char === '`') {
      const fence = /^`+/.exec(rest)![0];
      const end = text.indexOf(fence, i + fence.length);
      if (end === -1) {
        plain += fence;
        i += fence.length;
        continue;
      }
      flush();
      const code = text.slice(i + fence.length, end);
      pushText(out, code.length > 2 && code.startsWith(' ') && code.endsWith(' ') ? code.slice(1, -1) : code, [...marks, { type: 'code' }]);
      i = end + fence.length;
    } else if (char === '[' && LINK.test(rest)) {
      const [whole, label = '', href = ''] = LINK.exec(rest)!;
      flush();
      const mention = MENTION_URL.exec(href);
      if (mention) out.push({ type: 'mention', attrs: { id: mention[1], label: label.replace(/^@/, '').replace(/\\(.)/g, '$1') } });
      else parseInline(label, [...marks, { type: 'link', attrs: { href } }], out);
      i += whole.length;
    } else if ((char === '*' || char === '_') && !/\s/.test(text[i + (text[i + 1] === char ? 2 : 1)] ?? ' ')) {
      const delimiter = text[i + 1] === char ? char + char : char;
      const opensInWord = char === '_' && isWordChar(text[i - 1]);
      const end = opensInWord ? -1 : closingOf(text, i + delimiter.length, delimiter);
      if (end === -1) {
        plain += delimiter;
        i += delimiter.length;
        continue;
      }
      flush();
      parseInline(text.slice(i + delimiter.length, end), [...marks, { type: delimiter.length === 2 ? 'bold' : 'italic' }], out);
      i = end + delimiter.length;
    } else {
      plain += char;
      i += 1;
    }
  }
  flush();
  return out;
}

const paragraph = (text: string): JSONContent => {
  const content = parseInline(text);
  return content.length ? { type: 'paragraph', content } : { type: 'paragraph' };
};

function listBlock(lines: string[]): JSONContent {
  const ordered = !LIST_ITEM.exec(lines[0]!)![1];
  const items: string[] = [];
  for (const line of lines) {
    const match = LIST_ITEM.exec(line);
    if (match) items.push(match[3]!);
    else items[items.length - 1] += `\n${line.trim()}`;
  }
  const start = ordered ? Number(LIST_ITEM.exec(lines[0]!)![2]) : 1;
  return {
    type: ordered ? 'orderedList' : 'bulletList',
    ...(ordered && start !== 1 ? { attrs: { start } } : {}),
    content: items.map((item) => ({ type: 'listItem', content: [paragraph(item)] })),
  };
}

/**
 * Editor content for a piece of markdown, such as a canned response: paragraphs, line breaks, `-`/`1.`
 * lists, bold, italic, code, links and mention links. The inverse of docToMarkdown for what it writes;
 * anything else stays text.
 */
export function markdownToContent(markdown: string): JSONContent[] {
  return markdown
    .replace(/\r\n?/g, '\n')
    .split(/\n[ \t]*\n/)
    .filter((part) => part.trim() !== '')
    .map((part) => {
      const lines = part.split('\n');
      return LIST_ITEM.test(lines[0]!) ? listBlock(lines) : paragraph(part);
    });
}
