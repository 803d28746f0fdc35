import { pgEnum } from 'drizzle-orm/pg-core';
import { ACCOUNT_ROLES, ACCOUNT_STATUSES, AVAILABILITY_STATUSES } from '@app/shared/constants';

export const accountRole = pgEnum('account_role', ACCOUNT_ROLES);
export const accountStatus = pgEnum('account_status', ACCOUNT_STATUSES);
export const availability = pgEnum('availability', AVAILABILITY_STATUSES);
export const userTokenPurpose = pgEnum('user_token_purpose', ['reset_password', 'confirmation', 'invitation']);
export const accessTokenOwner = pgEnum('access_token_owner', ['user', 'agent_bot', 'platform_app']);
