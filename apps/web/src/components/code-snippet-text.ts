/** What a code snippet holds and how it is shown (000 sections 3, 4, 5, 7, 9). */

export const CODE_LANGUAGES = ['javascript', 'js', 'html', 'css', 'json', 'bash', 'shell', 'text'] as const;
export type CodeLanguage = (typeof CODE_LANGUAGES)[number];

/** 000 section 9: a snippet without a language is javascript. */
export const DEFAULT_CODE_LANGUAGE: CodeLanguage = 'javascript';

/** The external playground the playground button posts to (CodePen's "prefill" endpoint). */
export const PLAYGROUND_URL = 'https://codepen.io/pen/define';

/**
 * 000 section 5: before display or copy, blank lines are removed and the indentation every remaining line
 * shares is stripped. Tabs count as one column each, like spaces.
 */
export function cleanSnippet(code: string): string {
  const lines = code.split(/\r?\n/).filter((line) => line.trim() !== '');
  if (lines.length === 0) return '';
  const indent = Math.min(...lines.map((line) => /^[ \t]*/.exec(line)![0].length));
  return lines.map((line) => line.slice(indent)).join('\n');
}

/** The playground's key for a language (000 section 7: `js` for javascript). */
export function playgroundKey(language: CodeLanguage): 'js' | 'html' | 'css' {
  if (language === 'html' || language === 'css') return language;
  return 'js';
}

/** The JSON of the playground form's hidden `data` field: title, always private, the code under its language key. */
export function playgroundData(code: string, language: CodeLanguage, title: string): string {
  return JSON.stringify({ title, private: true, [playgroundKey(language)]: code });
}

// --- highlighting: a small tokenizer, enough for the snippets the product shows (widget script, curl, JSON)

export type TokenKind = 'plain' | 'comment' | 'string' | 'number' | 'keyword' | 'tag' | 'attr' | 'punct';
export type Token = { kind: TokenKind; text: string };

type Rule = [TokenKind, RegExp];

const JS_KEYWORDS =
  'var|let|const|function|return|if|else|for|while|do|switch|case|break|continue|new|this|typeof|instanceof|in|of|async|await|import|export|from|default|class|extends|try|catch|finally|throw|true|false|null|undefined|window|document';

const RULES: Record<'js' | 'json' | 'css' | 'bash', Rule[]> = {
  js: [
    ['comment', /\/\/[^\n]*|\/\*[\s\S]*?\*\//y],
    ['string', /"(?:\\.|[^"\\\n])*"|'(?:\\.|[^'\\\n])*'|`(?:\\[\s\S]|[^`\\])*`/y],
    ['number', /\b\d+(?:\.\d+)?\b/y],
    // A property (`script.async`) is a name, not a keyword.
    ['plain', /(?<=\.)[A-Za-z_$][\w$]*/y],
    ['keyword', new RegExp(`\\b(?:${JS_KEYWORDS})\\b`, 'y')],
    ['punct', /[{}()[\];,.]/y],
  ],
  json: [
    ['attr', /"(?:\\.|[^"\\\n])*"(?=\s*:)/y],
    ['string', /"(?:\\.|[^"\\\n])*"/y],
    ['number', /-?\b\d+(?:\.\d+)?(?:[eE][+-]?\d+)?\b/y],
    ['keyword', /\b(?:true|false|null)\b/y],
    ['punct', /[{}[\],:]/y],
  ],
  css: [
    ['comment', /\/\*[\s\S]*?\*\//y],
    ['string', /"(?:\\.|[^"\\\n])*"|'(?:\\.|[^'\\\n])*'/y],
    ['attr', /[\w-]+(?=\s*:)/y],
    ['number', /#[0-9a-fA-F]{3,8}\b|\b\d+(?:\.\d+)?(?:px|rem|em|%|s|ms)?\b/y],
    ['punct', /[{}();:,]/y],
  ],
  bash: [
    ['comment', /(?<![\w$])#[^\n]*/y],
    ['string', /"(?:\\.|[^"\\])*"|'[^']*'/y],
    ['attr', /(?<![\w-])--?[A-Za-z][\w-]*/y],
    ['keyword', /\b(?:curl|export|echo|sudo|cd|if|then|fi)\b/y],
  ],
};

/** Splits code into tokens with the rules given; text no rule takes stays plain. */
function scan(code: string, rules: Rule[]): Token[] {
  const tokens: Token[] = [];
  let plain = '';
  let at = 0;
  outer: while (at < code.length) {
    for (const [kind, pattern] of rules) {
      pattern.lastIndex = at;
      const match = pattern.exec(code);
      if (match && match[0].length > 0) {
        if (plain) tokens.push({ kind: 'plain', text: plain });
        plain = '';
        tokens.push({ kind, text: match[0] });
        at += match[0].length;
        continue outer;
      }
    }
    // A word is kept whole, so a keyword inside it (`forms`) is not taken.
    const word = /[\w$]+|[\s\S]/y;
    word.lastIndex = at;
    const next = word.exec(code)![0];
    plain += next;
    at += next.length;
  }
  if (plain) tokens.push({ kind: 'plain', text: plain });
  return tokens;
}

/** One HTML tag: its name, attribute names, quoted values and brackets. */
function scanTag(tag: string): Token[] {
  return scan(tag, [
    ['tag', /<\/?[A-Za-z][\w-]*|\/?>/y],
    ['attr', /[\w:-]+(?==)/y],
    ['string', /"[^"]*"|'[^']*'/y],
  ]);
}

/** HTML with its comments, tags, and the insides of script and style elements highlighted as js and css. */
function scanHtml(code: string): Token[] {
  const tokens: Token[] = [];
  const part = /<!--[\s\S]*?-->|<(script|style)\b[^>]*>([\s\S]*?)(<\/\1\s*>)|<\/?[A-Za-z][^>]*>/gi;
  let last = 0;
  for (const match of code.matchAll(part)) {
    if (match.index > last) tokens.push({ kind: 'plain', text: code.slice(last, match.index) });
    const [whole, element, body, close] = match;
    if (whole.startsWith('<!--')) tokens.push({ kind: 'comment', text: whole });
    else if (element) {
      const open = whole.slice(0, whole.length - body!.length - close!.length);
      tokens.push(...scanTag(open), ...scan(body!, element.toLowerCase() === 'script' ? RULES.js : RULES.css), ...scanTag(close!));
    } else tokens.push(...scanTag(whole));
    last = match.index + whole.length;
  }
  if (last < code.length) tokens.push({ kind: 'plain', text: code.slice(last) });
  return tokens;
}

/** The tokens of a snippet in its language; joined, their texts give back the code unchanged. */
export function highlight(code: string, language: CodeLanguage): Token[] {
  switch (language) {
    case 'html':
      return scanHtml(code);
    case 'javascript':
    case 'js':
      return scan(code, RULES.js);
    case 'json':
      return scan(code, RULES.json);
    case 'css':
      return scan(code, RULES.css);
    case 'bash':
    case 'shell':
      return scan(code, RULES.bash);
    default:
      return code ? [{ kind: 'plain', text: code }] : [];
  }
}
