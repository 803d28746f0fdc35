import { describe, expect, it, vi } from 'vitest';
import { newEchoId } from './echo-id.ts';

describe('echo id', () => {
  it('is a v4 uuid, also without crypto.randomUUID (plain http)', () => {
    expect(newEchoId()).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    const real = crypto;
    vi.stubGlobal('crypto', { getRandomValues: <T extends ArrayBufferView>(array: T) => real.getRandomValues(array as never) as T });
    expect(newEchoId()).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
  });
});
