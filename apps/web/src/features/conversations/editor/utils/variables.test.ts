import { describe, expect, it } from 'vitest';
import { fillVariables, variableKeys } from './variables.ts';

describe('variables', () => {
  it('offers contact, agent and conversation variables and any the view adds', () => {
    expect(variableKeys({ 'contact.company': 'ACME' })).toEqual(['contact.name', 'contact.email', 'contact.phone', 'agent.name', 'conversation.id', 'contact.company']);
  });

  it('fills known placeholders (missing values empty) and leaves others alone', () => {
    expect(fillVariables('Hi {{contact.name}}, {{ agent.name }} here ({{contact.phone}}) {{unknown.key}}', { 'contact.name': 'Ada', 'agent.name': 'Jane' })).toBe(
      'Hi Ada, Jane here () {{unknown.key}}',
    );
  });
});
