import type { JSONContent } from '@tiptap/core';

// The greeting editor's document as markdown (how Chatwoot keeps greeting_message): paragraphs, line
// breaks, bold, italic and links. Only what the editor can hold is written; text is escaped just enough.

const escape = (text: string) => text.replace(/([\\*_`[\]])/g, '\\$1');

type Mark = NonNullable<JSONContent['marks']>[number];
const wrap = (text: string, mark: Mark): string => {
  if (mark.type === 'bold') return `**${text}**`;
  if (mark.type === 'italic') return `*${text}*`;
  if (mark.type === 'link') return `[${text}](${String(mark.attrs?.href ?? '').replace(/[()\s]/g, encodeURIComponent)})`;
  return text;
};
// Innermost first, so a bold link reads [**x**](u).
const ORDER = ['italic', 'bold', 'link'];

function inline(node: JSONContent): string {
  if (node.type === 'hardBreak') return '  \n';
  if (node.type !== 'text' || !node.text) return '';
  const [, lead = '', core = '', trail = ''] = /^(\s*)([\s\S]*?)(\s*)$/.exec(node.text) ?? [];
  if (!core) return node.text;
  const marks = [...(node.marks ?? [])].filter((mark) => ORDER.includes(mark.type)).sort((a, b) => ORDER.indexOf(a.type) - ORDER.indexOf(b.type));
  return lead + marks.reduce(wrap, escape(core)) + trail;
}

/** Markdown of the document; '' when it holds no text. */
export function greetingMarkdown(doc: JSONContent): string {
  const paragraphs = (doc.content ?? []).map((block) => (block.content ?? []).map(inline).join(''));
  return paragraphs.join('\n\n').trim();
}
