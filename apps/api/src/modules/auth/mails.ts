import type { Mail } from '../../lib/mailer.ts';

const PRODUCT = 'Relay Desk';

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

function layout(lines: string[], action: { label: string; url: string }): string {
  const body = lines.map((line) => `<p>${escapeHtml(line)}</p>`).join('');
  return `<!doctype html><html><body style="font-family:system-ui,sans-serif;color:#1f2937">${body}<p><a href="${escapeHtml(action.url)}" style="display:inline-block;padding:10px 16px;background:#1f6feb;color:#fff;border-radius:6px;text-decoration:none">${escapeHtml(action.label)}</a></p><p style="color:#6b7280;font-size:12px">${escapeHtml(action.url)}</p></body></html>`;
}

export function passwordResetMail(to: { name: string; email: string }, url: string): Mail {
  const lines = [
    `Hi ${to.name},`,
    `Someone asked to reset the password of your ${PRODUCT} account. If it was you, choose a new password with the link below; it works once and expires in 6 hours.`,
    'If you did not ask for this, you can ignore this message: your password stays as it is.',
  ];
  return { to: to.email, subject: `Reset your ${PRODUCT} password`, text: `${lines.join('\n\n')}\n\n${url}\n`, html: layout(lines, { label: 'Choose a new password', url }) };
}

export function confirmationMail(to: { name: string; email: string }, url: string): Mail {
  const lines = [`Hi ${to.name},`, `Please confirm your email address for ${PRODUCT} with the link below.`];
  return { to: to.email, subject: `Confirm your ${PRODUCT} email address`, text: `${lines.join('\n\n')}\n\n${url}\n`, html: layout(lines, { label: 'Confirm my email', url }) };
}

export function invitationMail(to: { name: string; email: string }, inviter: string, accountName: string, url: string): Mail {
  const lines = [
    `Hi ${to.name},`,
    `${inviter} invited you to join ${accountName} on ${PRODUCT}. Choose a password with the link below to start; it expires in 7 days.`,
  ];
  return { to: to.email, subject: `You are invited to ${accountName} on ${PRODUCT}`, text: `${lines.join('\n\n')}\n\n${url}\n`, html: layout(lines, { label: 'Accept the invitation', url }) };
}

export function addedToAccountMail(to: { name: string; email: string }, inviter: string, accountName: string, url: string): Mail {
  const lines = [`Hi ${to.name},`, `${inviter} added you to ${accountName} on ${PRODUCT}. Sign in with your existing password.`];
  return { to: to.email, subject: `You now have access to ${accountName}`, text: `${lines.join('\n\n')}\n\n${url}\n`, html: layout(lines, { label: 'Open the dashboard', url }) };
}
