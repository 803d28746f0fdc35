import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { decrypt, encrypt, randomToken, sha256 } from './crypto.ts';
import { createMailer } from './mailer.ts';
import { createLocalStorage } from './storage.ts';
import { ConfigError, loadConfig } from '../plugins/config.ts';

const dirs: string[] = [];
const tempDir = () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'lib-test-'));
  dirs.push(dir);
  return dir;
};
afterAll(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })));
const silent = { info() {}, warn() {}, error() {}, debug() {} };

describe('crypto', () => {
  it('encrypts so that only the same secret decrypts, and tampering is detected', () => {
    const sealed = encrypt('secret-a', 'token-value');
    expect(sealed).not.toContain('token-value');
    expect(decrypt('secret-a', sealed)).toBe('token-value');
    expect(() => decrypt('secret-b', sealed)).toThrow();
    const [iv, tag, body] = sealed.split('.');
    expect(() => decrypt('secret-a', [iv, tag, `${body}A`].join('.'))).toThrow();
  });

  it('makes distinct random tokens and a stable hash', () => {
    expect(randomToken()).not.toBe(randomToken());
    expect(sha256('x')).toBe(sha256('x'));
    expect(sha256('x')).toHaveLength(64);
  });
});

describe('mailer without SMTP', () => {
  it('writes each message as an .eml file into the outbox of the data dir', async () => {
    const dataDir = tempDir();
    const mailer = createMailer({ smtpUrl: undefined, from: 'Desk <desk@example.com>', dataDir, log: silent });
    expect(mailer.transport).toBe('outbox');
    await mailer.send({ to: 'jane@example.com', subject: 'Hello there', text: 'Follow http://x.test/link' });
    const files = readdirSync(path.join(dataDir, 'outbox'));
    expect(files).toHaveLength(1);
    const eml = readFileSync(path.join(dataDir, 'outbox', files[0]!), 'utf8');
    expect(eml).toContain('To: jane@example.com');
    expect(eml).toContain('Subject: Hello there');
    expect(eml).toContain('http://x.test/link');
  });
});

describe('local storage', () => {
  it('stores, reads and removes files under random keys, and refuses keys outside its folder', async () => {
    const root = tempDir();
    const storage = createLocalStorage({ root, publicUrl: 'http://localhost:3000' });
    const key = await storage.put({ folder: 'avatars', data: Buffer.from('png-bytes'), extension: 'png' });
    expect(key).toMatch(/^avatars\/[A-Za-z0-9_-]+\.png$/);
    expect(storage.url(key)).toBe(`http://localhost:3000/uploads/${key}`);
    expect((await storage.read(key))?.toString()).toBe('png-bytes');
    expect(await storage.read('../../etc/passwd')).toBeNull();
    expect(await storage.read('avatars/../../secret.png')).toBeNull();
    await storage.remove(key);
    expect(await storage.read(key)).toBeNull();
  });
});

describe('config', () => {
  it('has working defaults: embedded mode, port 3000, a secret kept in the data dir', () => {
    const dataDir = tempDir();
    const config = loadConfig({ DATA_DIR: dataDir });
    expect(config).toMatchObject({ port: 3000, embedded: true, redisEnabled: false, frontendUrl: 'http://localhost:3000', deployment: 'self_hosted' });
    expect(config.secretKeyBase.length).toBeGreaterThanOrEqual(32);
    expect(loadConfig({ DATA_DIR: dataDir }).secretKeyBase).toBe(config.secretKeyBase);
    expect(readFileSync(path.join(dataDir, 'secret_key_base'), 'utf8').trim()).toBe(config.secretKeyBase);
  });

  it('treats empty URLs as unset and derives the mode from DATABASE_URL and REDIS_URL', () => {
    const dataDir = tempDir();
    expect(loadConfig({ DATA_DIR: dataDir, DATABASE_URL: '', REDIS_URL: '' }).embedded).toBe(true);
    const config = loadConfig({ DATA_DIR: dataDir, DATABASE_URL: 'postgres://u@h/db', REDIS_URL: 'redis://h:6379', FRONTEND_URL: 'https://desk.example.com/' });
    expect(config).toMatchObject({ embedded: false, redisEnabled: true, frontendUrl: 'https://desk.example.com' });
  });

  it('serves from one process by default; WEB_CONCURRENCY above one needs Postgres and Redis', () => {
    const dataDir = tempDir();
    expect(loadConfig({ DATA_DIR: dataDir }).webConcurrency).toBe(1);
    expect(loadConfig({ DATA_DIR: dataDir, WEB_CONCURRENCY: '3', DATABASE_URL: 'postgres://u@h/db', REDIS_URL: 'redis://h:6379' }).webConcurrency).toBe(3);
    // the embedded database and the in-process events belong to one process
    expect(() => loadConfig({ DATA_DIR: dataDir, WEB_CONCURRENCY: '2' })).toThrow(/WEB_CONCURRENCY=2 needs DATABASE_URL and REDIS_URL/);
    expect(() => loadConfig({ DATA_DIR: dataDir, WEB_CONCURRENCY: '2', DATABASE_URL: 'postgres://u@h/db' })).toThrow(ConfigError);
    expect(() => loadConfig({ DATA_DIR: dataDir, WEB_CONCURRENCY: '0' })).toThrow(/WEB_CONCURRENCY/);
    expect(() => loadConfig({ DATA_DIR: dataDir, WEB_CONCURRENCY: 'two' })).toThrow(/WEB_CONCURRENCY/);
  });

  it('refuses invalid values with a message naming each variable', () => {
    const dataDir = tempDir();
    expect(() => loadConfig({ DATA_DIR: dataDir, PORT: 'eighty', SEED_ADMIN_EMAIL: 'nope' })).toThrow(ConfigError);
    try {
      loadConfig({ DATA_DIR: dataDir, PORT: 'eighty', SEED_ADMIN_EMAIL: 'nope' });
    } catch (error) {
      expect((error as Error).message).toMatch(/PORT/);
      expect((error as Error).message).toMatch(/SEED_ADMIN_EMAIL/);
    }
  });
});
