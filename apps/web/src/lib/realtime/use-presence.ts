import { useQuery } from '@tanstack/react-query';
import { EMPTY_PRESENCE, realtimeKeys, type Presence } from './core-events.ts';

/** The account's presence as the last `presence.update` told it (empty before the first). */
export function usePresence(accountId: number): Presence {
  const { data } = useQuery({
    queryKey: realtimeKeys.presence(accountId),
    // Never fetched: only presence.update writes it.
    queryFn: () => EMPTY_PRESENCE,
    initialData: EMPTY_PRESENCE,
    staleTime: Infinity,
    gcTime: Infinity,
  });
  return data;
}
