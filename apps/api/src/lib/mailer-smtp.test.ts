import { once } from 'node:events';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SMTPServer } from 'smtp-server';
import { createMailer } from './mailer.ts';

// A local SMTP server plays the provider: the message really crosses SMTP.
const received: { from: string; to: string[]; data: string }[] = [];
let server: SMTPServer;
let port: number;

beforeAll(async () => {
  server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    onData(stream, session, callback) {
      let data = '';
      stream.on('data', (chunk: Buffer) => (data += chunk.toString()));
      stream.on('end', () => {
        received.push({ from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '', to: session.envelope.rcptTo.map((r) => r.address), data });
        callback();
      });
    },
  });
  server.listen(0, '127.0.0.1');
  await once(server.server, 'listening');
  port = (server.server.address() as AddressInfo).port;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

describe('mailer with SMTP_URL', () => {
  it('delivers through the SMTP server named by the URL', async () => {
    const silent = { info() {}, warn() {}, error() {}, debug() {} };
    const mailer = createMailer({ smtpUrl: `smtp://127.0.0.1:${port}`, from: 'Desk <desk@example.com>', dataDir: '/nonexistent', log: silent });
    expect(mailer.transport).toBe('smtp');
    await mailer.send({ to: 'jane@example.com', subject: 'Reset your password', text: 'Open http://x.test/reset', html: '<p>Open</p>' });
    expect(received).toHaveLength(1);
    expect(received[0]).toMatchObject({ from: 'desk@example.com', to: ['jane@example.com'] });
    expect(received[0]!.data).toContain('Subject: Reset your password');
    expect(received[0]!.data).toContain('http://x.test/reset');
  });

  it('rejects when the server refuses, so callers can log the failure', async () => {
    const silent = { info() {}, warn() {}, error() {}, debug() {} };
    const mailer = createMailer({ smtpUrl: 'smtp://127.0.0.1:1', from: 'd@example.com', dataDir: '/nonexistent', log: silent });
    await expect(mailer.send({ to: 'x@example.com', subject: 's', text: 't' })).rejects.toThrow();
  });
});
