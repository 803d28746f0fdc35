import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '..');
const read = (file: string) => readFileSync(path.join(root, file), 'utf8');

describe('the Dockerfile', () => {
  it('copies every patch pnpm applies before its first install (a missing one fails `pnpm install --frozen-lockfile`)', () => {
    const patched = [...read('pnpm-workspace.yaml').matchAll(/^\s+\S+: (patches\/\S+)$/gm)].map((m) => m[1]!);
    expect(patched.length).toBeGreaterThan(0);
    const dockerfile = read('Dockerfile');
    const firstInstall = dockerfile.indexOf('pnpm install');
    const copied = [...dockerfile.slice(0, firstInstall).matchAll(/^COPY (.+) \S+$/gm)].flatMap((m) => m[1]!.split(' '));
    for (const file of patched) expect(copied.some((source) => file === source || file.startsWith(source.endsWith('/') ? source : `${source}/`)), file).toBe(true);
  });
});
