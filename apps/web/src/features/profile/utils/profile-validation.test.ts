import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../lib/api-client.ts';
import { readSaveError, validateEmail, validateNames, validatePasswordChange, validateSignature } from './profile-validation.ts';

describe('profile validation', () => {
  it('the full name is required; blanks do not count', () => {
    expect(validateNames({ name: '  ' })).toEqual({ name: 'Please enter your full name.' });
    expect(validateNames({ name: 'J' })).toEqual({});
  });

  it('a new email must be an address and comes with the current password', () => {
    expect(validateEmail({ email: 'jane@', current_password: '' })).toEqual({
      email: 'Please enter a valid email address.',
      current_password: 'Please enter your current password.',
    });
    expect(validateEmail({ email: ' Jane@Example.com ', current_password: 'x' })).toEqual({});
  });

  it('a new password: the current one, 6 to 128 characters, the same confirmation', () => {
    expect(validatePasswordChange({ current_password: 'old', password: '12345', password_confirmation: '12345' })).toEqual({
      password: 'Use at least 6 characters.',
    });
    expect(validatePasswordChange({ current_password: 'old', password: '123456', password_confirmation: '123456' })).toEqual({});
    expect(validatePasswordChange({ current_password: 'old', password: 'x'.repeat(129), password_confirmation: 'x'.repeat(129) })).toEqual({
      password: 'Use at most 128 characters.',
    });
    expect(validatePasswordChange({ current_password: '', password: '123456', password_confirmation: '1234567' })).toEqual({
      current_password: 'Please enter your current password.',
      password_confirmation: 'The two passwords do not match.',
    });
  });

  it('a signature of up to 10,000 characters', () => {
    expect(validateSignature('x'.repeat(10_000))).toEqual({});
    expect(validateSignature('x'.repeat(10_001))).toEqual({ message_signature: 'Keep the signature under 10,000 characters.' });
  });

  it("reads a 422 into the section's fields, and everything else into one message", () => {
    const taken = new ApiError(422, { message: 'Email has already been taken', errors: { email: ['has already been taken'] } });
    expect(readSaveError(taken, ['email'])).toEqual({ fields: { email: 'Email address has already been taken' }, message: null });
    expect(readSaveError(taken, ['name'])).toEqual({ fields: {}, message: 'Email has already been taken' });
    expect(readSaveError(new ApiError(500, {}), ['name'])).toEqual({ fields: {}, message: 'Could not save your changes. Please try again.' });
    expect(readSaveError(new ApiError(429, { error: 'Too many requests.' }), ['name']).message).toBe('Could not save your changes. Please try again.');
  });
});
