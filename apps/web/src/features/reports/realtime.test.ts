import { afterEach, describe, expect, it, vi } from 'vitest';
import { LIVE_REFRESH_MS, throttledRefresh } from './realtime.ts';

afterEach(() => vi.useRealTimers());

describe('live overview refresh', () => {
  it('refreshes at once on the first event, then at most once per 5 s however many events come', async () => {
    vi.useFakeTimers();
    const refresh = vi.fn();
    const throttle = throttledRefresh(refresh);
    throttle.request();
    expect(refresh).toHaveBeenCalledTimes(1);
    for (let i = 0; i < 100; i++) throttle.request();
    expect(refresh).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(LIVE_REFRESH_MS - 1);
    expect(refresh).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(refresh).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(LIVE_REFRESH_MS * 3);
    expect(refresh).toHaveBeenCalledTimes(2);
    throttle.request();
    expect(refresh).toHaveBeenCalledTimes(3);
    throttle.request();
    throttle.stop();
    await vi.advanceTimersByTimeAsync(LIVE_REFRESH_MS * 2);
    expect(refresh).toHaveBeenCalledTimes(3);
  });
});
