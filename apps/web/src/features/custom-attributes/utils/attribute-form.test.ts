import { describe, expect, it } from 'vitest';
import { attributeInputOf, emptyAttributeForm, keyFromName, validateAttribute } from './attribute-form.ts';

describe('attribute form rules', () => {
  it('derives the key from the display name', () => {
    expect(keyFromName('Subscription plan')).toBe('subscription_plan');
    expect(keyFromName('  Café — Größe! ')).toBe('cafe_grosse');
    expect(keyFromName('2nd order')).toBe('attr_2nd_order');
    expect(keyFromName('***')).toBe('');
  });

  it('S0-3.17 needs a display name and a valid key; a list needs values; a pattern must compile', () => {
    const form = emptyAttributeForm('contact_attribute');
    expect(validateAttribute(form)).toEqual({ attribute_display_name: 'Display name is required', attribute_key: 'Key is required' });
    const named = { ...form, attribute_display_name: 'Plan', attribute_key: 'Plan-1' };
    expect(validateAttribute(named).attribute_key).toBe('Key must start with a letter and use only lowercase letters, numbers and underscores');
    const list = { ...named, attribute_key: 'plan', attribute_display_type: 'list' as const };
    expect(validateAttribute(list)).toEqual({ attribute_values: 'Add at least one value to the list' });
    expect(validateAttribute({ ...list, attribute_values: ['free'] })).toEqual({});
    const regex = { ...named, attribute_key: 'order', regex_enabled: true, regex_pattern: '[unclosed' };
    expect(validateAttribute(regex)).toEqual({ regex_pattern: 'This is not a valid regular expression' });
    // the pattern only matters for text attributes
    expect(validateAttribute({ ...regex, attribute_display_type: 'number' })).toEqual({});
  });

  it('sends values only for a list and a pattern only for a validating text attribute', () => {
    const base = { ...emptyAttributeForm('conversation_attribute'), attribute_display_name: ' Order ', attribute_key: 'order', attribute_values: ['a'], regex_pattern: '^O', regex_cue: '' };
    expect(attributeInputOf({ ...base, regex_enabled: true })).toEqual({
      attribute_display_name: 'Order',
      attribute_display_type: 'text',
      attribute_description: null,
      attribute_key: 'order',
      attribute_model: 'conversation_attribute',
      attribute_values: [],
      regex_pattern: '^O',
      regex_cue: null,
    });
    expect(attributeInputOf({ ...base, attribute_display_type: 'list', regex_enabled: true })).toMatchObject({ attribute_values: ['a'], regex_pattern: null });
  });
});
