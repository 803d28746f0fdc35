import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import nodemailer from 'nodemailer';
import type { Logger } from './logger.ts';
import { randomToken } from './crypto.ts';

export type Mail = { to: string; subject: string; text: string; html?: string };

export type Mailer = {
  send: (mail: Mail) => Promise<void>;
  /** Where mail goes: `smtp` or the outbox folder. */
  readonly transport: 'smtp' | 'outbox';
};

/**
 * SMTP when SMTP_URL is set; otherwise each message is written as an .eml file into
 * `<data dir>/outbox` and logged, so a fresh install can still follow reset and invitation links.
 */
export function createMailer(options: { smtpUrl: string | undefined; from: string; dataDir: string; log: Logger }): Mailer {
  if (options.smtpUrl) {
    const transport = nodemailer.createTransport(options.smtpUrl);
    return {
      transport: 'smtp',
      async send(mail) {
        await transport.sendMail({ from: options.from, ...mail });
        options.log.info({ to: mail.to, subject: mail.subject }, 'mail sent');
      },
    };
  }
  const outbox = path.join(options.dataDir, 'outbox');
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    transport: 'outbox',
    async send(mail) {
      const info = await transport.sendMail({ from: options.from, ...mail });
      await mkdir(outbox, { recursive: true });
      const file = path.join(outbox, `${new Date().toISOString().replace(/[:.]/g, '-')}-${randomToken(4)}.eml`);
      await writeFile(file, info.message as Buffer);
      options.log.info({ to: mail.to, subject: mail.subject, file, text: mail.text }, 'mail written to outbox');
    },
  };
}
