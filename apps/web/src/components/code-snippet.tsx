import { useEffect, useId, useMemo, useRef, useState } from 'react';
import { Button } from './button.tsx';
import { cleanSnippet, DEFAULT_CODE_LANGUAGE, highlight, PLAYGROUND_URL, playgroundData, type CodeLanguage } from './code-snippet-text.ts';
import { copyText } from '../lib/clipboard.ts';
import { t } from '../lib/i18n/i18n.ts';
import './code-snippet.css';

export type { CodeLanguage } from './code-snippet-text.ts';

type CodeSnippetProps = {
  /** The code (000: script, default empty); blank lines and shared indentation are dropped before display and copy. */
  code: string;
  /** 000: lang, default javascript. Picks the highlighting and the playground's key. */
  language?: CodeLanguage;
  /** 000: enableCodePen (default false): shows a button opening the code in an external playground. */
  playground?: boolean;
  /** 000: codepenTitle, the playground pen's title. */
  playgroundTitle?: string;
  /** The accessible name of the code block (e.g. "Widget script"). */
  label?: string;
};

type CopyState = 'idle' | 'copied' | 'failed';

/** How long "Copied" stays on the button. */
const FEEDBACK_MS = 2000;

/**
 * A read-only block of code with a copy button (000 sections 3-5): monospace, lightly highlighted, scrolling
 * sideways rather than wrapping. Copy says "Copied" for two seconds; where the browser refuses to copy, the
 * code is selected and the user is told to press Ctrl+C. The block is shown only when there is code.
 */
export function CodeSnippet({ code, language = DEFAULT_CODE_LANGUAGE, playground = false, playgroundTitle, label }: CodeSnippetProps) {
  const text = useMemo(() => cleanSnippet(code), [code]);
  const tokens = useMemo(() => highlight(text, language), [text, language]);
  const [copy, setCopy] = useState<CopyState>('idle');
  const codeRef = useRef<HTMLElement>(null);
  const labelId = useId();

  useEffect(() => {
    if (copy !== 'copied') return;
    const timer = window.setTimeout(() => setCopy('idle'), FEEDBACK_MS);
    return () => window.clearTimeout(timer);
  }, [copy]);
  // New code, fresh button.
  useEffect(() => setCopy('idle'), [text]);

  const onCopy = async () => {
    if (await copyText(text)) return setCopy('copied');
    setCopy('failed');
    selectContents(codeRef.current);
  };

  return (
    <div className="code-snippet">
      <div className="code-snippet__bar">
        {label ? (
          <span className="code-snippet__label" id={labelId}>
            {label}
          </span>
        ) : null}
        <div className="code-snippet__actions">
          {playground ? (
            <form className="code-snippet__playground" action={PLAYGROUND_URL} method="post" target="_blank" rel="noopener noreferrer">
              <input type="hidden" name="data" value={playgroundData(text, language, playgroundTitle ?? t('WIDGETS.CODE.PLAYGROUND_TITLE'))} />
              <Button type="submit" variant="ghost" size="small" disabled={!text}>
                {t('WIDGETS.CODE.PLAYGROUND')}
              </Button>
            </form>
          ) : null}
          <Button size="small" className="code-snippet__copy" onClick={() => void onCopy()} disabled={!text} data-state={copy}>
            {copy === 'copied' ? <CheckIcon /> : <CopyIcon />}
            {copy === 'copied' ? t('WIDGETS.CODE.COPIED') : t('WIDGETS.CODE.COPY')}
          </Button>
        </div>
      </div>
      {text ? (
        <pre className="code-snippet__block" tabIndex={0} aria-labelledby={label ? labelId : undefined} data-language={language}>
          <code ref={codeRef}>
            {tokens.map((token, index) =>
              token.kind === 'plain' ? (
                token.text
              ) : (
                <span key={index} className={`code-snippet__${token.kind}`}>
                  {token.text}
                </span>
              ),
            )}
          </code>
        </pre>
      ) : null}
      <p className={copy === 'failed' ? 'code-snippet__status code-snippet__status--failed' : 'code-snippet__status'} role="status">
        {copy === 'copied' ? t('WIDGETS.CODE.COPIED_STATUS') : copy === 'failed' ? t('WIDGETS.CODE.COPY_FAILED') : ''}
      </p>
    </div>
  );
}

/** Selects the code so the user can copy it by hand. */
function selectContents(element: HTMLElement | null) {
  const selection = window.getSelection();
  if (!element || !selection) return;
  const range = document.createRange();
  range.selectNodeContents(element);
  selection.removeAllRanges();
  selection.addRange(range);
}

function CopyIcon() {
  return (
    <svg width="14" height="14" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" aria-hidden="true" focusable="false">
      <rect x="9" y="9" width="11" height="11" rx="2" />
      <path d="M5 15V6a2 2 0 0 1 2-2h9" />
    </svg>
  );
}

function CheckIcon() {
  return (
    <svg width="14" height="14" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2.5" strokeLinecap="round" strokeLinejoin="round" aria-hidden="true" focusable="false">
      <path d="M5 12.5l4.5 4.5L19 7.5" />
    </svg>
  );
}
