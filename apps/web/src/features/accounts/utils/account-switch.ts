/**
 * Whether users may create accounts from the dashboard. The server has the switch
 * (CREATE_NEW_ACCOUNT_FROM_DASHBOARD) but does not publish it to the web app yet, so creation is always offered.
 */
export const ACCOUNT_CREATION_ENABLED = true;

/** 000 section 6: the account switch shows with more than one account, or when account creation is enabled. */
export function showsAccountSwitch(accountCount: number, creationEnabled: boolean): boolean {
  return accountCount > 1 || creationEnabled;
}
