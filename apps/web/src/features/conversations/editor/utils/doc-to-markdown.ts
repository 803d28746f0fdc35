import type { JSONContent } from '@tiptap/core';

type Mark = NonNullable<JSONContent['marks']>[number];

/** The mention link Chatwoot and our API read: `[@Name](mention://user/ID/Name)`. */
export function mentionMarkdown(id: string | number, name: string): string {
  return `[@${name.replace(/([\\[\]])/g, '\\$1')}](mention://user/${id}/${encodeURIComponent(name)})`;
}

/**
 * Escapes what would otherwise turn into markup, and nothing more: replies also go out as plain text
 * (SMS, WhatsApp), where a needless backslash shows. An underscore between two letters or digits never
 * starts emphasis, so `user_name` stays as it is.
 */
export function escapeMarkdown(text: string): string {
  return text
    .replace(/([\\*`])/g, '\\$1')
    .replace(/(?<![\p{L}\p{N}])_|_(?![\p{L}\p{N}])/gu, '\\_')
    .replace(/\[(?=[^\]]*\]\()/g, '\\[')
    .replace(/\](?=\()/g, '\\]');
}

/**
 * Each line of a paragraph: a start that would make a heading, quote or list is escaped, and trailing
 * spaces go (two of them would make a markdown line break).
 */
const cleanLines = (text: string) =>
  text
    .replace(/^([ \t]*)([#>]|[-+](?=\s))/gm, '$1\\$2')
    .replace(/^([ \t]*\d+)([.)])(?=\s)/gm, '$1\\$2')
    .replace(/[ \t]+$/gm, '');

function codeSpan(text: string): string {
  const longest = Math.max(0, ...(text.match(/`+/g) ?? []).map((run) => run.length));
  const fence = '`'.repeat(longest + 1);
  const pad = text.startsWith('`') || text.endsWith('`') ? ' ' : '';
  return `${fence}${pad}${text}${pad}${fence}`;
}

const hrefOf = (mark: Mark) => String(mark.attrs?.href ?? '').replace(/[()\s]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase().padStart(2, '0')}`);
const open = (mark: Mark) => (mark.type === 'bold' ? '**' : mark.type === 'italic' ? '*' : '[');
const close = (mark: Mark) => (mark.type === 'bold' ? '**' : mark.type === 'italic' ? '*' : `](${hrefOf(mark)})`);
const sameMark = (a: Mark, b: Mark) => a.type === b.type && (a.type !== 'link' || a.attrs?.href === b.attrs?.href);

// Outermost first, so a link around bold words reads `[**x**](u)` and a bold run may hold several links.
const MARK_ORDER = ['link', 'bold', 'italic'];
const spanMarks = (node: JSONContent) =>
  (node.type === 'text' ? (node.marks ?? []) : [])
    .filter((mark) => MARK_ORDER.includes(mark.type))
    .sort((a, b) => MARK_ORDER.indexOf(a.type) - MARK_ORDER.indexOf(b.type));

/**
 * Inline content with marks opened and closed across neighbouring text nodes (`**a *b***`, not
 * `**a****b**`), and spaces kept outside the markers: `** x**` would not be bold.
 */
function inline(nodes: JSONContent[] = []): string {
  let out = '';
  let pendingSpace = '';
  const active: Mark[] = [];
  for (const node of nodes) {
    const marks = spanMarks(node);
    let keep = 0;
    while (keep < active.length && marks.some((mark) => sameMark(mark, active[keep]!))) keep++;
    while (active.length > keep) out += close(active.pop()!);
    const raw = node.type === 'text' ? (node.text ?? '') : '';
    const [, lead = '', core = raw, trail = ''] = node.type === 'text' ? (/^(\s*)([\s\S]*?)(\s*)$/.exec(raw) ?? []) : [];
    out += pendingSpace + lead;
    pendingSpace = '';
    for (const mark of marks) {
      if (!active.some((current) => sameMark(current, mark))) {
        out += open(mark);
        active.push(mark);
      }
    }
    if (node.type === 'text') {
      const isCode = node.marks?.some((mark) => mark.type === 'code');
      out += isCode && core ? codeSpan(core) : escapeMarkdown(core);
      pendingSpace = trail;
    } else if (node.type === 'hardBreak') out += '\n';
    else if (node.type === 'mention') out += mentionMarkdown(String(node.attrs?.id ?? ''), String(node.attrs?.label ?? node.attrs?.id ?? ''));
    else out += inline(node.content);
  }
  while (active.length) out += close(active.pop()!);
  return out + pendingSpace;
}

const indent = (text: string, by: string) => text.replace(/\n(?=.)/g, `\n${by}`);

function list(node: JSONContent): string {
  const ordered = node.type === 'orderedList';
  const start = Number(node.attrs?.start ?? 1);
  return (node.content ?? [])
    .map((item, index) => {
      const marker = ordered ? `${start + index}. ` : '- ';
      const body = (item.content ?? []).map(block).join('\n');
      return marker + indent(body, ' '.repeat(marker.length));
    })
    .join('\n');
}

function block(node: JSONContent): string {
  switch (node.type) {
    case 'bulletList':
    case 'orderedList':
      return list(node);
    case 'paragraph':
      return cleanLines(inline(node.content));
    default:
      return node.content ? node.content.map(block).join('\n\n') : inline([node]);
  }
}

/**
 * The reply as markdown (OutgoingDraft.content): paragraphs apart by a blank line, line breaks kept,
 * bold `**`, italic `*`, code, links, `-` and `1.` lists, mentions as mention links. Empty paragraphs
 * are dropped, and so are spaces around the whole text.
 */
export function docToMarkdown(doc: JSONContent): string {
  return (doc.content ?? [])
    .map(block)
    .filter((text) => text.trim() !== '')
    .join('\n\n')
    .trim();
}

/**
 * The document with mentions turned into plain `@Name` text: a reply to the customer (say one written as a
 * note first) must not carry mention links, which only notes notify through.
 */
export function withPlainMentions(doc: JSONContent): JSONContent {
  if (doc.type === 'mention') return { type: 'text', text: `@${String(doc.attrs?.label ?? doc.attrs?.id ?? '')}` };
  return doc.content ? { ...doc, content: doc.content.map(withPlainMentions) } : doc;
}
