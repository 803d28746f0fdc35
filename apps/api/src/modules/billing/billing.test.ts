import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestContext } from '../../../test/helpers.ts';
import { createAccountWithAdmin, createMember } from '../../../test/factories.ts';

const CHECKOUT = 'https://billing.example.com/pay/relay-desk';

let cloud: TestContext;
beforeAll(async () => {
  cloud = await buildTestApp({ DEPLOYMENT: 'cloud', BILLING_CHECKOUT_URL: CHECKOUT });
});
afterAll(() => cloud.close());

const post = (t: TestContext, path: string, headers?: Record<string, string>) =>
  t.app.inject({ method: 'POST', url: path, ...(headers ? { headers } : {}) });

describe('billing (cloud offering)', () => {
  it('S1-7.10 S1-7.12 POST checkout answers the configured provider page for the account, under /enterprise and /api/v1', async () => {
    const { account, admin } = await createAccountWithAdmin(cloud);
    for (const prefix of ['/enterprise/api/v1', '/api/v1']) {
      const res = await post(cloud, `${prefix}/accounts/${account.id}/checkout`, admin.headers);
      expect(res.statusCode).toBe(200);
      const target = new URL(res.json().redirect_url);
      expect(`${target.origin}${target.pathname}`).toBe(CHECKOUT);
      expect(target.searchParams.get('client_reference_id')).toBe(String(account.id));
      expect(target.searchParams.get('prefilled_email')).toBe(admin.user.email);
    }
  });

  it('S1-7.11 POST subscription puts an account without a plan on the free plan and keeps an existing plan', async () => {
    const { account, admin } = await createAccountWithAdmin(cloud);
    const res = await post(cloud, `/enterprise/api/v1/accounts/${account.id}/subscription`, admin.headers);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: account.id, custom_attributes: { plan_name: 'Free' } });
    await cloud.app.inject({ method: 'PATCH', url: `/api/v1/accounts/${account.id}`, headers: admin.headers, payload: { custom_attributes: { plan_name: 'Business' } } });
    const again = await post(cloud, `/api/v1/accounts/${account.id}/subscription`, admin.headers);
    expect(again.json().custom_attributes.plan_name).toBe('Business');
  });

  it('answers 401 without a session, 403 to an agent and 404 for another account', async () => {
    const { account } = await createAccountWithAdmin(cloud);
    const other = await createAccountWithAdmin(cloud);
    const agent = await createMember(cloud, account.id, 'agent');
    expect((await post(cloud, `/api/v1/accounts/${account.id}/checkout`)).statusCode).toBe(401);
    expect((await post(cloud, `/api/v1/accounts/${account.id}/checkout`, agent.headers)).statusCode).toBe(403);
    expect((await post(cloud, `/api/v1/accounts/${account.id}/subscription`, agent.headers)).statusCode).toBe(403);
    expect((await post(cloud, `/api/v1/accounts/${account.id}/checkout`, other.admin.headers)).statusCode).toBe(404);
  });
});

describe('billing elsewhere', () => {
  it('answers 422 with the not-configured message on a cloud install without BILLING_CHECKOUT_URL, writing nothing', async () => {
    const bare = await buildTestApp({ DEPLOYMENT: 'cloud' });
    try {
      const { account, admin } = await createAccountWithAdmin(bare);
      const res = await post(bare, `/api/v1/accounts/${account.id}/checkout`, admin.headers);
      expect(res.statusCode).toBe(422);
      expect(res.json().message).toBe('Billing is not configured on this installation');
      expect((await post(bare, `/api/v1/accounts/${account.id}/subscription`, admin.headers)).statusCode).toBe(422);
      const show = await bare.app.inject({ method: 'GET', url: `/api/v1/accounts/${account.id}`, headers: admin.headers });
      expect(show.json().custom_attributes.plan_name).toBeUndefined();
      expect((await bare.app.inject({ method: 'GET', url: '/api/v1/global_config' })).json().billing_configured).toBe(false);
    } finally {
      await bare.close();
    }
  });

  it('S0-6.09 is not there on a self-hosted install (404), even with a checkout address', async () => {
    const selfHosted = await buildTestApp({ BILLING_CHECKOUT_URL: CHECKOUT });
    try {
      const { account, admin } = await createAccountWithAdmin(selfHosted);
      expect((await post(selfHosted, `/api/v1/accounts/${account.id}/checkout`, admin.headers)).statusCode).toBe(404);
      expect((await selfHosted.app.inject({ method: 'GET', url: '/api/v1/global_config' })).json().billing_configured).toBe(false);
    } finally {
      await selfHosted.close();
    }
  });
});
