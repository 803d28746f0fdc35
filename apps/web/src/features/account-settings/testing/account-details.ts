import { resolveFeatures, type Account } from '@app/shared/accounts';

/** An account as GET /api/v1/accounts/{id} answers it (account 7, every default feature). */
export function makeAccountDetails(extra: Partial<Account> = {}): Account {
  return {
    id: 7,
    name: 'Northwind',
    locale: 'en',
    domain: null,
    support_email: null,
    status: 'active',
    created_at: '2026-01-01T00:00:00Z',
    features: resolveFeatures({}),
    custom_attributes: {},
    settings: {},
    cache_keys: { label: 1, inbox: 1, team: 1 },
    latest_chatwoot_version: '1.0.0',
    ...extra,
  };
}
