import { vi } from 'vitest';
import type { CurrentUser } from '@app/shared/users';
import { makeAccountDetails, shellApi } from '../../../app/shell/shell-test-utils.tsx';
import { fakeCable } from '../../../lib/realtime/fake-cable.ts';
import { storeSession } from '../../../lib/session.ts';
import type { Call, Reply } from '../../../test/fake-api.ts';
import { makeUser, sessionHeaders } from '../../../test/fixtures.ts';
import { renderApp } from '../../../test/render-app.tsx';

export type Handlers = Record<string, Reply | ((call: Call) => Reply | Promise<Reply>)>;
export const at = (rest: string) => `/api/v1/accounts/7/${rest}`;
export const unprocessable = (errors: Record<string, string[]>): Reply => ({ status: 422, body: { message: 'Validation failed', attributes: Object.keys(errors), errors } });

/** The whole app at `path` (under account 7), signed in, with the shell's answers and `handlers` on top. */
export function openAt(path: string, handlers: Handlers = {}, user: CurrentUser = makeUser()) {
  storeSession(new Headers(sessionHeaders()));
  const cable = fakeCable();
  vi.stubGlobal(
    'WebSocket',
    vi.fn(function (url: string) {
      return cable.factory(url);
    }),
  );
  const server = shellApi(user, { 'GET /api/v1/accounts/7': { body: makeAccountDetails(7) }, ...(handlers as Record<string, Reply>) });
  return { server, ...renderApp(`/app/accounts/7/${path}`) };
}
