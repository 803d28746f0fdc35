import { describe, expect, it, vi } from 'vitest';
import { QueryClient } from '@tanstack/react-query';
import { wireEvent } from '../../lib/realtime/fake-cable.ts';
import { contactKeys } from './api.ts';
import { applyContactsEvent, REFRESH_DELAY_MS } from './realtime.ts';

describe('contacts realtime', () => {
  it('import progress and export readiness replace their job; contact events refresh the lists once per burst', async () => {
    vi.useFakeTimers();
    const client = new QueryClient();
    const invalidate = vi.spyOn(client, 'invalidateQueries');
    expect(applyContactsEvent(client, 7, wireEvent('contact_import.progress', { id: 3, status: 'running', processed_rows: 5 }))).toBe(true);
    expect(client.getQueryData(contactKeys.importJob(7, 3))).toEqual({ id: 3, status: 'running', processed_rows: 5 });
    applyContactsEvent(client, 7, wireEvent('contact_export.ready', { id: 4, status: 'completed', download_url: '/x' }));
    expect(client.getQueryData(contactKeys.exportJob(7, 4))).toMatchObject({ status: 'completed' });
    for (let i = 0; i < 50; i++) applyContactsEvent(client, 7, wireEvent('contact.created', { id: i }));
    expect(invalidate).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(REFRESH_DELAY_MS);
    expect(invalidate).toHaveBeenCalledTimes(2);
    expect(invalidate).toHaveBeenCalledWith({ queryKey: contactKeys.lists(7) });
    expect(applyContactsEvent(client, 7, wireEvent('message.created', {}))).toBe(false);
    vi.useRealTimers();
  });

  it('S0-7.69 a deleted contact refreshes the contact lists', async () => {
    vi.useFakeTimers();
    const client = new QueryClient();
    const invalidate = vi.spyOn(client, 'invalidateQueries');
    expect(applyContactsEvent(client, 7, wireEvent('contact.deleted', { id: 12, account_id: 7 }))).toBe(true);
    await vi.advanceTimersByTimeAsync(REFRESH_DELAY_MS);
    expect(invalidate).toHaveBeenCalledWith({ queryKey: contactKeys.lists(7) });
    vi.useRealTimers();
  });
});
