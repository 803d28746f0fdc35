import { describe, expect, it } from 'vitest';
import { changedBody, formFieldOf, formValuesOf } from './contact-fields.ts';

describe('contact fields', () => {
  const before = formValuesOf({ name: 'Ann', email: 'ann@example.com', phone_number: null, identifier: null, additional_attributes: { city: 'Paris', company_name: 'Acme' } });

  it('sends only what changed; additional attributes under their hash; blank clears', () => {
    expect(changedBody(before, before)).toBeNull();
    expect(changedBody(before, { ...before, email: '', city: 'Lyon ', company_name: 'Acme' })).toEqual({ email: '', additional_attributes: { city: 'Lyon' } });
  });

  it('maps a 422 attribute to its field', () => {
    expect(formFieldOf('email')).toBe('email');
    expect(formFieldOf('contact.phone_number')).toBe('phone_number');
    expect(formFieldOf('additional_attributes.city')).toBe('city');
    expect(formFieldOf('avatar')).toBeNull();
  });
});
