import { createContext, useContext } from 'react';
import type { CurrentUser, UserAccount } from '@app/shared/users';

export type CurrentAccount = { user: CurrentUser; account: UserAccount };

/** Provided by the account layout once the guard let the user in: the user and their entry for the URL's account. */
export const CurrentAccountContext = createContext<CurrentAccount | null>(null);

export function useCurrentAccount(): CurrentAccount {
  const value = useContext(CurrentAccountContext);
  if (!value) throw new Error('useCurrentAccount is only available under /app/accounts/:accountId');
  return value;
}
