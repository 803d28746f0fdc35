import { useEffect, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { t } from '../../../lib/i18n/i18n.ts';
import { conversationKeys, type Typer } from '../api.ts';

/** 000 section 9: a typing indicator clears by itself after 30 seconds without news. */
export const TYPING_TIMEOUT_MS = 30_000;

/** The people typing now: each typing_on counts for 30 s unless a typing_off came first. */
export function activeTypers(typers: Typer[], now: number): Typer[] {
  return typers.filter((typer) => now - typer.at < TYPING_TIMEOUT_MS);
}

export function typingText(typers: Typer[]): string {
  const [first, second] = typers;
  if (!first) return '';
  if (!second) return t('CONVERSATION.TYPING.ONE', { name: first.name });
  if (typers.length === 2) return t('CONVERSATION.TYPING.TWO', { first: first.name, second: second.name });
  return t('CONVERSATION.TYPING.MANY', { name: first.name, count: typers.length - 1 });
}

/** "Jane is typing…" under the messages, from the conversation.typing_on/off events of others. */
export function TypingIndicator({ accountId, conversationId }: { accountId: number; conversationId: number }) {
  const { data: typers = [] } = useQuery<Typer[]>({
    queryKey: conversationKeys.typing(accountId, conversationId),
    queryFn: () => [],
    staleTime: Infinity,
    enabled: false,
  });
  const [now, setNow] = useState(() => Date.now());
  const active = activeTypers(typers, now);
  const nextExpiry = active.length ? Math.min(...active.map((typer) => typer.at + TYPING_TIMEOUT_MS)) : null;
  useEffect(() => {
    setNow(Date.now());
  }, [typers]);
  useEffect(() => {
    if (nextExpiry === null) return;
    const timer = setTimeout(() => setNow(Date.now()), Math.max(0, nextExpiry - Date.now()) + 10);
    return () => clearTimeout(timer);
  }, [nextExpiry]);
  return (
    <div className="cw-typing" aria-live="polite">
      {active.length ? (
        <>
          <span className="cw-typing__dots" aria-hidden="true">
            <span />
            <span />
            <span />
          </span>
          <span>{typingText(active)}</span>
        </>
      ) : null}
    </div>
  );
}
