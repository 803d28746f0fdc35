import { describe, expect, it } from 'vitest';
import { QueryClient } from '@tanstack/react-query';
import { wireEvent } from '../../lib/realtime/fake-cable.ts';
import { paymentKeys } from './api.ts';
import { applyPaymentsEvent } from './realtime.ts';

const seeded = () => {
  const client = new QueryClient();
  client.setQueryData(paymentKeys.list(1, 'withdraw', 'page=1'), { payload: [] });
  client.setQueryData(paymentKeys.detail(1, 'withdraw', 5), { id: 5 });
  client.setQueryData(paymentKeys.issueList(1, 'page=1'), { payload: [] });
  client.setQueryData(paymentKeys.list(2, 'withdraw', 'page=1'), { payload: [] });
  return client;
};
const stale = (client: QueryClient, key: readonly unknown[]) => client.getQueryState(key)?.isInvalidated;

describe('payments realtime', () => {
  it('payment_record.updated invalidates the account’s lists and open records, not the issues nor other accounts', () => {
    const client = seeded();
    expect(applyPaymentsEvent(client, 1, wireEvent('payment_record.updated', { id: 5 }))).toBe(true);
    expect(stale(client, paymentKeys.list(1, 'withdraw', 'page=1'))).toBe(true);
    expect(stale(client, paymentKeys.detail(1, 'withdraw', 5))).toBe(true);
    expect(stale(client, paymentKeys.issueList(1, 'page=1'))).toBe(false);
    expect(stale(client, paymentKeys.list(2, 'withdraw', 'page=1'))).toBe(false);
  });

  it('withdraw_issue.created and .updated invalidate the issue lists only', () => {
    for (const event of ['withdraw_issue.created', 'withdraw_issue.updated']) {
      const client = seeded();
      expect(applyPaymentsEvent(client, 1, wireEvent(event, { id: 3 }))).toBe(true);
      expect(stale(client, paymentKeys.issueList(1, 'page=1'))).toBe(true);
      expect(stale(client, paymentKeys.list(1, 'withdraw', 'page=1'))).toBe(false);
    }
  });

  it('payment_import.progress puts the job as sent into its query; other events are not ours', () => {
    const client = seeded();
    const job = { id: 12, status: 'running', processed_rows: 1000, total_rows: 4000 };
    expect(applyPaymentsEvent(client, 1, wireEvent('payment_import.progress', job))).toBe(true);
    expect(client.getQueryData(paymentKeys.importJob(1, 12))).toEqual(job);
    expect(applyPaymentsEvent(client, 1, wireEvent('message.created', {}))).toBe(false);
    expect(stale(client, paymentKeys.list(1, 'withdraw', 'page=1'))).toBe(false);
  });

  it('a completed import refreshes the lists even with its dialog closed', () => {
    const client = seeded();
    const job = { id: 12, status: 'completed', processed_rows: 4000, total_rows: 4000 };
    expect(applyPaymentsEvent(client, 1, wireEvent('payment_import.progress', job))).toBe(true);
    expect(stale(client, paymentKeys.list(1, 'withdraw', 'page=1'))).toBe(true);
    expect(stale(client, paymentKeys.list(2, 'withdraw', 'page=1'))).toBe(false);
  });
});
