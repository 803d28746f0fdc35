import { TRIAL_PERIOD_DAYS } from '@app/shared/constants';

type Deployment = 'cloud' | 'self_hosted';
type LimitEntry = { allowed: number | null; consumed: number };

const DAY_MS = 86_400_000;

/** `1.10.2` > `1.9.0`: numeric parts compared in order; a missing part counts as 0, a non-number part as 0. */
export function isNewerVersion(candidate: string, than: string): boolean {
  const parts = (version: string) => version.replace(/^v/i, '').split(/[.+-]/).slice(0, 3).map((part) => Number.parseInt(part, 10) || 0);
  const [a, b] = [parts(candidate), parts(than)];
  for (let i = 0; i < 3; i++) {
    if ((a[i] ?? 0) !== (b[i] ?? 0)) return (a[i] ?? 0) > (b[i] ?? 0);
  }
  return false;
}

/**
 * 000 sections 5 and 6: administrators only; shown when the latest version is newer than the running one,
 * unless that version (or a newer one) was dismissed on this browser.
 */
export function showsUpdateBanner(input: { isAdmin: boolean; latest: string | null; current: string | null; dismissed: string | null }): boolean {
  const { isAdmin, latest, current, dismissed } = input;
  if (!isAdmin || !latest || !current) return false;
  if (!isNewerVersion(latest, current)) return false;
  return !dismissed || isNewerVersion(latest, dismissed);
}

/**
 * 000 sections 6 and 9: any role, on the cloud installation only, not during the 15-day trial (counted from
 * the account's created_at), when consumed exceeds allowed for conversations or non-web inboxes (an allowed of
 * null means unlimited).
 */
export function showsLimitsBanner(input: { deployment: Deployment; createdAt: string; limits: Record<'conversation' | 'non_web_inboxes', LimitEntry>; now: number }): boolean {
  const { deployment, createdAt, limits, now } = input;
  if (deployment !== 'cloud') return false;
  if (now - Date.parse(createdAt) < TRIAL_PERIOD_DAYS * DAY_MS) return false;
  return Object.values(limits).some(({ allowed, consumed }) => allowed !== null && consumed > allowed);
}

/** 000 sections 4 and 6: administrators, cloud only, subscription past_due with its end date in the past. */
export function showsPaymentBanner(input: { isAdmin: boolean; deployment: Deployment; customAttributes: Record<string, unknown>; now: number }): boolean {
  const { isAdmin, deployment, customAttributes, now } = input;
  if (!isAdmin || deployment !== 'cloud') return false;
  if (customAttributes.subscription_status !== 'past_due') return false;
  const endsOn = customAttributes.subscription_ends_on;
  if (typeof endsOn !== 'string') return false;
  const ends = Date.parse(endsOn);
  return Number.isFinite(ends) && ends < now;
}

/** Where a dismissed update version is remembered (000 section 5: "remembered locally"). */
export const DISMISSED_UPDATE_KEY = 'relay-desk:dismissed-update-version';
