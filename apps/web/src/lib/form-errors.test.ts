import { describe, expect, it } from 'vitest';
import { ApiError } from './api-client.ts';
import { readServerErrors } from './form-errors.ts';

const labels = { title: 'Title', color: 'Colour' };

describe('readServerErrors', () => {
  it('places a 422 under its fields, after the label', () => {
    const error = new ApiError(422, { message: 'Title has already been taken', attributes: ['title'], errors: { title: ['has already been taken'] } });
    expect(readServerErrors(error, labels, 'fallback')).toEqual({ fields: { title: 'Title has already been taken' }, message: null });
  });

  it('S1-8.19 shows the server message for what it cannot place, and the fallback when there is none', () => {
    const other = new ApiError(422, { message: 'Name is wrong', errors: { name: ['is wrong'] } });
    expect(readServerErrors(other, labels, 'fallback')).toEqual({ fields: {}, message: 'Name is wrong' });
    expect(readServerErrors(new ApiError(403, { error: 'You are not authorized to do this action' }), labels, 'fallback').message).toBe('You are not authorized to do this action');
    expect(readServerErrors(new ApiError(0, { error: 'network' }), labels, 'fallback').message).toBe('fallback');
    expect(readServerErrors(new Error('boom'), labels, 'fallback').message).toBe('fallback');
  });
});
