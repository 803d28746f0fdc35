import type { UserAccount } from '@app/shared/users';
import { t } from '../../../lib/i18n/i18n.ts';

/** The user's role in one account as shown: the custom role's name when one is attached. */
export const roleLabel = (account: Pick<UserAccount, 'role' | 'custom_role'>) => account.custom_role?.name ?? t(`ROLES.${account.role}`);
