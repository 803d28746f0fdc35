import { canAccess } from '@app/shared/permissions';
import { useCurrentAccount } from '../../auth/index.ts';

/** What the current member may do with contacts, from the access table (the server enforces the same rules). */
export function useContactAccess() {
  const { account } = useCurrentAccount();
  const may = (route: Parameters<typeof canAccess>[1]) => canAccess(account.permissions, route);
  return {
    accountId: account.id,
    canManage: may('api:contacts.manage'),
    canDelete: may('api:contacts.destroy'),
    canImport: may('api:contacts.import'),
    canExport: may('api:contacts.export'),
    canMerge: may('api:contacts.merge'),
  };
}
