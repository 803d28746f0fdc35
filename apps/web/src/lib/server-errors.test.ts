import { describe, expect, it } from 'vitest';
import { ApiError } from './api-client.ts';
import { isFeatureDisabled, retryUnlessClientError } from './server-errors.ts';

describe('isFeatureDisabled', () => {
  it('is a 403 with error_code feature_disabled only', () => {
    expect(isFeatureDisabled(new ApiError(403, { error: 'off', error_code: 'feature_disabled' }))).toBe(true);
    expect(isFeatureDisabled(new ApiError(403, { error: 'You are not authorized' }))).toBe(false);
    expect(isFeatureDisabled(new ApiError(500, { error_code: 'feature_disabled' }))).toBe(false);
  });
});

describe('retryUnlessClientError', () => {
  it('tries a failed query once more, unless the server answered 4xx', () => {
    expect(retryUnlessClientError(0, new ApiError(500, {}))).toBe(true);
    expect(retryUnlessClientError(0, new ApiError(0, { error: 'network' }))).toBe(true);
    expect(retryUnlessClientError(1, new ApiError(500, {}))).toBe(false);
    expect(retryUnlessClientError(0, new ApiError(404, {}))).toBe(false);
    expect(retryUnlessClientError(0, new ApiError(403, { error_code: 'feature_disabled' }))).toBe(false);
  });
});
