import { describe, expect, it } from 'vitest';
import { cleanSnippet, DEFAULT_CODE_LANGUAGE, highlight, playgroundData, playgroundKey } from './code-snippet-text.ts';

describe('code snippet text', () => {
  it('S0-5.42 removes blank and whitespace-only lines', () => {
    expect(cleanSnippet('\n\n  foo();\n   \n\n  bar();\n\n')).toBe('foo();\nbar();');
  });

  it('S0-5.43 strips the indentation every line shares, keeping the relative indentation', () => {
    const code = `
      <script>
        run();
      </script>
    `;
    expect(cleanSnippet(code)).toBe('<script>\n  run();\n</script>');
  });

  it('keeps lines that have no shared indentation untouched', () => {
    expect(cleanSnippet('a\n  b')).toBe('a\n  b');
    expect(cleanSnippet('   \n  ')).toBe('');
  });

  it('S0-9.66 the default language is javascript', () => {
    expect(DEFAULT_CODE_LANGUAGE).toBe('javascript');
  });

  it('S0-7.51 the playground data is private, titled, and keyed by language (js for javascript)', () => {
    expect(JSON.parse(playgroundData('run();', 'javascript', 'Pen'))).toEqual({ title: 'Pen', private: true, js: 'run();' });
    expect(playgroundKey('html')).toBe('html');
    expect(playgroundKey('json')).toBe('js');
  });

  it('highlighting keeps the text intact and marks strings, keywords, tags and attributes', () => {
    const html = '<script src="x.js">\n  var a = "b"; // note\n</script>';
    const tokens = highlight(html, 'html');
    expect(tokens.map((token) => token.text).join('')).toBe(html);
    expect(tokens).toContainEqual({ kind: 'tag', text: '<script' });
    expect(tokens).toContainEqual({ kind: 'attr', text: 'src' });
    expect(tokens).toContainEqual({ kind: 'string', text: '"x.js"' });
    expect(tokens).toContainEqual({ kind: 'keyword', text: 'var' });
    expect(tokens).toContainEqual({ kind: 'comment', text: '// note' });
    expect(highlight('forms = 1', 'js').find((token) => token.kind === 'keyword')).toBeUndefined();
    expect(highlight('script.async = true', 'js').filter((token) => token.kind === 'keyword').map((token) => token.text)).toEqual(['true']);
    const json = '{"a": [1, true, "x"]}';
    expect(highlight(json, 'json').map((token) => token.text).join('')).toBe(json);
    expect(highlight(json, 'json')).toContainEqual({ kind: 'attr', text: '"a"' });
    const curl = "curl -X POST 'https://x' # send";
    expect(highlight(curl, 'bash').map((token) => token.text).join('')).toBe(curl);
    expect(highlight('plain', 'text')).toEqual([{ kind: 'plain', text: 'plain' }]);
  });
});
