import { ApiError } from './api-client.ts';

/** The account (or the installation) has the feature off: the API answers 403 with error_code feature_disabled. */
export const isFeatureDisabled = (error: unknown) => error instanceof ApiError && error.status === 403 && error.body.error_code === 'feature_disabled';

/** A query's retry rule: a 4xx answer will not change on a second try; anything else is tried once more. */
export const retryUnlessClientError = (failures: number, error: unknown) =>
  !(error instanceof ApiError && error.status >= 400 && error.status < 500) && failures < 1;
