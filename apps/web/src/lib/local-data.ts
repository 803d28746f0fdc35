/** The IndexedDB database of one account's sidebar cache (app/shell/account-cache.ts). */
export const accountCacheName = (accountId: number) => `cw-store-${accountId}`;

/**
 * Forgets what this browser keeps of the accounts after a sign-out: each account's sidebar cache (inbox, label
 * and team names), so the next person at a shared computer finds nothing. The accounts the user had, and any
 * other cache database the browser lists, are deleted; failures are ignored (a private window may have no
 * IndexedDB at all).
 */
export async function forgetAccountCaches(accountIds: readonly number[]): Promise<void> {
  if (typeof indexedDB === 'undefined') return;
  const names = new Set(accountIds.map(accountCacheName));
  try {
    for (const database of (await indexedDB.databases?.()) ?? []) if (database.name?.startsWith('cw-store-')) names.add(database.name);
  } catch {
    // databases() is missing in some browsers: the user's own accounts are enough.
  }
  await Promise.all(
    [...names].map(
      (name) =>
        new Promise<void>((resolve) => {
          const request = indexedDB.deleteDatabase(name);
          // Blocked: an open tab lets go when asked (its `blocking` handler) and the deletion then goes on.
          request.onsuccess = request.onerror = request.onblocked = () => resolve();
        }),
    ),
  );
}
