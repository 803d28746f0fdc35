/** One piece of a message's text: plain, emphasised, code, a link or a mention. */
export type Token =
  | { kind: 'text'; text: string }
  | { kind: 'strong' | 'em' | 'code'; text: string }
  | { kind: 'link'; text: string; href: string }
  | { kind: 'mention'; name: string; userId: number };

// Order matters: mentions and markdown links before bare URLs, code before emphasis.
const PATTERN =
  /\[@([^\]]+)\]\(mention:\/\/(?:user|team)\/(\d+)\/[^)]*\)|\[([^\]]+)\]\(((?:https?:\/\/|mailto:)[^\s)]+)\)|`([^`\n]+)`|\*\*([^*\n]+)\*\*|(?<![\w*])\*([^*\n]+)\*(?![\w*])|(?<!\w)_([^_\n]+)_(?!\w)|((?:https?:\/\/|www\.)[^\s<]+[^\s<.,;:!?)\]'"])/g;

/**
 * The markdown the reply editor writes (001 section 4: mentions as `[@Name](mention://user/ID/Name)`), read
 * into tokens rendered as React elements: never HTML, so a message can't inject markup.
 */
export function tokenize(line: string): Token[] {
  const tokens: Token[] = [];
  let last = 0;
  for (const match of line.matchAll(PATTERN)) {
    if (match.index > last) tokens.push({ kind: 'text', text: line.slice(last, match.index) });
    const [whole, mention, userId, linkText, linkHref, code, strong, em, em2, url] = match;
    if (mention !== undefined) tokens.push({ kind: 'mention', name: mention, userId: Number(userId) });
    else if (linkText !== undefined) tokens.push({ kind: 'link', text: linkText, href: linkHref! });
    else if (code !== undefined) tokens.push({ kind: 'code', text: code });
    else if (strong !== undefined) tokens.push({ kind: 'strong', text: strong });
    else if (em !== undefined || em2 !== undefined) tokens.push({ kind: 'em', text: (em ?? em2)! });
    else if (url !== undefined) tokens.push({ kind: 'link', text: url, href: url.startsWith('www.') ? `https://${url}` : url });
    else tokens.push({ kind: 'text', text: whole });
    last = match.index + whole.length;
  }
  if (last < line.length) tokens.push({ kind: 'text', text: line.slice(last) });
  return tokens;
}

/** Paragraphs (blank-line separated) of lines. */
export const paragraphsOf = (content: string) =>
  content
    .replace(/\r\n/g, '\n')
    .split(/\n{2,}/)
    .map((paragraph) => paragraph.split('\n'))
    .filter((lines) => lines.some((line) => line.trim() !== ''));
