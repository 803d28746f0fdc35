import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../lib/api-client.ts';
import { contactFlowError, readContactErrors } from './contact-errors.ts';

const labels = { name: 'Name', email: 'Email', phone_number: 'Phone number', identifier: 'Identifier', company_name: 'Company', city: 'City', country: 'Country', description: 'Bio' };

describe('contact errors', () => {
  it('S1-8.14 a 422 puts each attribute message under its field; S1-8.15 other errors show the server message', () => {
    const invalid = new ApiError(422, { message: 'Email is not a valid email', errors: { email: ['is not a valid email'], 'additional_attributes.city': ['is too long'] } });
    expect(readContactErrors(invalid, labels, 'Could not save')).toEqual({ fields: { email: 'Email is not a valid email', city: 'City is too long' }, message: null });
    expect(readContactErrors(new ApiError(409, { message: 'Changed meanwhile' }), labels, 'Could not save')).toEqual({ fields: {}, message: 'Changed meanwhile' });
    expect(readContactErrors(new ApiError(0, { error: 'network' }), labels, 'Could not save').message).toBe('Could not save');
  });

  it('S1-8.16 a duplicate is DUPLICATE_CONTACT carrying the attributes another contact holds', () => {
    const error = new ApiError(422, { message: 'Email has already been taken', errors: { email: ['has already been taken'], phone_number: ['has already been taken'], name: ['is too long'] } });
    expect(contactFlowError(error)).toEqual({ code: 'DUPLICATE_CONTACT', data: ['email', 'phone_number'] });
  });

  it('S1-8.17 any other answer with a message is ERROR_WITH_MESSAGE carrying it', () => {
    expect(contactFlowError(new ApiError(422, { message: 'Name is too long', errors: { name: ['is too long'] } }))).toEqual({ code: 'ERROR_WITH_MESSAGE', data: 'Name is too long' });
    expect(contactFlowError(new ApiError(500, { message: 'Internal server error' }))).toEqual({ code: 'ERROR_WITH_MESSAGE', data: 'Internal server error' });
    expect(contactFlowError(new ApiError(0, { error: 'network' }))).toBeNull();
  });
});
