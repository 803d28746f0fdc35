import { resolveFeatures, type Account } from '@app/shared/accounts';
import { PRODUCT_VERSION } from '../../version.ts';
import type { AccountRow } from './queries.ts';

export function cacheKeysOf(row: AccountRow) {
  const created = row.createdAt.getTime();
  return row.cacheKeys ?? { label: created, inbox: created, team: created };
}

export function serializeAccount(row: AccountRow): Account {
  return {
    id: row.id,
    name: row.name,
    locale: row.locale,
    domain: row.domain,
    support_email: row.supportEmail,
    status: row.status,
    created_at: row.createdAt.toISOString(),
    features: resolveFeatures(row.features),
    custom_attributes: row.customAttributes,
    settings: row.settings,
    cache_keys: cacheKeysOf(row),
    latest_chatwoot_version: PRODUCT_VERSION,
  };
}
