import type { AccountCtx } from '../../lib/context.ts';
import { findAccountName } from '../accounts/service.ts';
import { transcriptMessages } from './queries.ts';
import { loadConversation } from './access.ts';

/** A transcript stops at this many messages; longer conversations say so at the end. */
const TRANSCRIPT_LIMIT = 2000;

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);

/** POST transcript: mails the conversation's public messages (no private notes) to an address. */
export async function sendTranscript(ctx: AccountCtx, displayId: number, email: string) {
  const row = await loadConversation(ctx, displayId);
  const messages = await transcriptMessages(ctx.db, row.id, TRANSCRIPT_LIMIT + 1);
  const accountName = await findAccountName(ctx.db, ctx.accountId);
  const lines = messages.slice(0, TRANSCRIPT_LIMIT).map((m) => ({
    who: m.messageType === 'incoming' ? 'Customer' : 'Agent',
    at: m.createdAt.toISOString().replace('T', ' ').slice(0, 16),
    content: m.content ?? '',
  }));
  const more = messages.length > TRANSCRIPT_LIMIT ? `\n… the conversation continues beyond ${TRANSCRIPT_LIMIT} messages.` : '';
  const text = lines.map((l) => `[${l.at} UTC] ${l.who}: ${l.content}`).join('\n') + more;
  const html =
    `<h2>Conversation #${row.displayId} — ${escapeHtml(accountName)}</h2>` +
    lines.map((l) => `<p><small>${l.at} UTC</small><br><strong>${l.who}</strong><br>${escapeHtml(l.content).replace(/\n/g, '<br>')}</p>`).join('') +
    (more ? `<p>${escapeHtml(more)}</p>` : '');
  await ctx.mailer.send({ to: email, subject: `Conversation transcript #${row.displayId} — ${accountName}`, text: text || '(no messages)', html });
}
