import { describe, expect, it } from 'vitest';
import { ApiError } from './api-client.ts';
import { isFeatureDisabled, readServerErrors } from './server-errors.ts';

const labels = { name: 'Name', permissions: 'Permissions' };
const unprocessable = (errors: Record<string, string[]>) => new ApiError(422, { message: 'Validation failed', attributes: Object.keys(errors), errors });

describe('readServerErrors', () => {
  it('puts a 422 message under its field, prefixed by the label', () => {
    expect(readServerErrors(unprocessable({ name: ['has already been taken'] }), labels, 'Oops')).toEqual({ fields: { name: 'Name has already been taken' }, message: null });
  });

  it('turns a 422 on a field the form does not show into the toast message', () => {
    expect(readServerErrors(unprocessable({ colour: ['is bad'] }), labels, 'Oops')).toEqual({ fields: {}, message: 'colour is bad' });
  });

  it('uses the server message for a 403 or 404, the fallback for a 500, no answer or a non-API error', () => {
    expect(readServerErrors(new ApiError(403, { error: 'You are not authorized' }), labels, 'Oops').message).toBe('You are not authorized');
    expect(readServerErrors(new ApiError(500, { error: 'boom' }), labels, 'Oops').message).toBe('Oops');
    expect(readServerErrors(new ApiError(0, { error: 'network' }), labels, 'Oops').message).toBe('Oops');
    expect(readServerErrors(new Error('x'), labels, 'Oops').message).toBe('Oops');
  });
});

describe('isFeatureDisabled', () => {
  it('is a 403 with error_code feature_disabled only', () => {
    expect(isFeatureDisabled(new ApiError(403, { error: 'off', error_code: 'feature_disabled' }))).toBe(true);
    expect(isFeatureDisabled(new ApiError(403, { error: 'You are not authorized' }))).toBe(false);
    expect(isFeatureDisabled(new ApiError(500, { error_code: 'feature_disabled' }))).toBe(false);
  });
});
