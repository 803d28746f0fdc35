import { afterEach, describe, expect, it, vi } from 'vitest';
import { waitFor } from '@testing-library/react';
import { makeUser } from '../../test/fixtures.ts';
import { renderShell, shellApi, shellReady } from './shell-test-utils.tsx';

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('useShellRealtime', () => {
  it('a refused /cable subscription fetches the user again and reconnects with the pubsub token it now has', async () => {
    let pubsubToken = 'retired-token';
    shellApi(makeUser(), {
      'GET /auth/validate_token': () => ({ body: { payload: { success: true, data: { ...makeUser(), pubsub_token: pubsubToken } } } }),
    });
    const { cable } = renderShell();
    await shellReady();
    cable.last.welcome();
    await waitFor(() => expect(cable.last.subscription).toMatchObject({ pubsub_token: 'retired-token' }));
    const first = cable.last;
    pubsubToken = 'fresh-token';
    first.reject();
    await waitFor(() => expect(cable.last).not.toBe(first));
    cable.last.welcome();
    await waitFor(() => expect(cable.last.subscription).toMatchObject({ pubsub_token: 'fresh-token' }));
  });
});
