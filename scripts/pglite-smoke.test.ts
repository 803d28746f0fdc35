import { existsSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { PGLITE_SMOKE } from './pglite-smoke.ts';

describe('the PGlite smoke subset', () => {
  it('names API test files that exist (a renamed file would silently drop out of the PGlite run)', () => {
    const api = path.resolve(import.meta.dirname, '../apps/api');
    expect(PGLITE_SMOKE.length).toBeGreaterThan(10);
    expect(PGLITE_SMOKE.filter((file) => !file.endsWith('.test.ts') || !existsSync(path.join(api, file)))).toEqual([]);
  });
});
