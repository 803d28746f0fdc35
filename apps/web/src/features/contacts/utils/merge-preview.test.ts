import { describe, expect, it } from 'vitest';
import type { Contact } from '@app/shared/contacts';
import { mergePreview } from './merge-preview.ts';

const contact = (extra: Partial<Contact>): Contact => ({
  id: 1, name: '', email: null, phone_number: null, identifier: null, thumbnail: '', blocked: false, additional_attributes: {}, custom_attributes: {},
  availability_status: 'offline', last_activity_at: null, created_at: 0, ...extra,
});

describe('mergePreview', () => {
  it('keeps the base values, fills the gaps from the mergee and joins the labels', () => {
    const base = contact({ name: 'Ann', email: 'ann@example.com', additional_attributes: { city: 'Paris', company_name: '' }, custom_attributes: { plan: 'pro' } });
    const mergee = contact({ id: 2, name: 'Ann L', email: 'other@example.com', phone_number: '+33100', identifier: 'crm-9', additional_attributes: { city: 'Lyon', company_name: 'Acme', country: 'France' }, custom_attributes: { plan: 'free', seats: 3 } });
    expect(mergePreview(base, mergee, ['vip', 'billing'], ['billing', 'beta'])).toEqual({
      name: 'Ann',
      email: 'ann@example.com',
      phone_number: '+33100',
      identifier: 'crm-9',
      additional_attributes: { city: 'Paris', company_name: 'Acme', country: 'France' },
      custom_attributes: { plan: 'pro', seats: 3 },
      labels: ['beta', 'billing', 'vip'],
    });
  });

  it('takes the mergee name when the base has none', () => {
    expect(mergePreview(contact({}), contact({ id: 2, name: 'Bo' }), [], []).name).toBe('Bo');
  });
});
