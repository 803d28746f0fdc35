import { describe, expect, it } from 'vitest';
import type { Agent } from '@app/shared/agents';
import { ApiError } from '../../../lib/api-client.ts';
import { administratorLock, parseEmailList, readServerError, roleBodyOf, roleChoiceOf, validateEmailList, validateInvite } from './agent-form.ts';

const agent = (id: number, role: Agent['role'], custom_role_id: number | null = null, confirmed = true) => ({ id, role, custom_role_id, confirmed }) as Agent;

describe('agent form rules', () => {
  it('S1-5.40 an invitation needs a name and a valid email, each with its own message', () => {
    expect(validateInvite({ name: ' ', email: '' })).toEqual({ name: 'Please enter the agent’s name.', email: 'Please enter an email address.' });
    expect(validateInvite({ name: 'Ana', email: 'ana@' })).toEqual({ email: 'Please enter a valid email address.' });
    expect(validateInvite({ name: 'x'.repeat(256), email: 'ana@example.com' })).toEqual({ name: 'The name can be at most 255 characters.' });
    expect(validateInvite({ name: 'Ana', email: ' Ana@Example.com ' })).toEqual({});
  });

  it('reads a pasted list split by commas, semicolons, spaces and lines, lower-cased, each address once', () => {
    expect(parseEmailList(' a@x.io,b@x.io;\nA@X.io  c@x.io\n\n')).toEqual(['a@x.io', 'b@x.io', 'c@x.io']);
    expect(parseEmailList(' ,; \n')).toEqual([]);
  });

  it('a bulk invitation takes 1 to 100 valid addresses', () => {
    expect(validateEmailList('').errors.emails).toBe('Enter at least one email address.');
    expect(validateEmailList('a@x.io, b').errors.emails).toBe('These are not valid email addresses: b');
    const many = Array.from({ length: 101 }, (_, i) => `p${i}@x.io`).join(',');
    expect(validateEmailList(many).errors.emails).toBe('You can invite at most 100 people at once.');
    expect(validateEmailList('a@x.io b@x.io')).toEqual({ emails: ['a@x.io', 'b@x.io'], errors: {} });
  });

  it('a custom role is sent as role agent with its id; other roles carry none', () => {
    expect(roleBodyOf('custom_role:9')).toEqual({ role: 'agent', custom_role_id: 9 });
    expect(roleBodyOf('administrator')).toEqual({ role: 'administrator', custom_role_id: null });
    expect(roleChoiceOf(agent(1, 'agent', 9))).toBe('custom_role:9');
    expect(roleChoiceOf(agent(1, 'administrator', 9))).toBe('administrator');
  });

  it('the only administrator, and the only verified one, keep the role (as the server rules)', () => {
    const admin = agent(1, 'administrator');
    const invitee = agent(4, 'administrator', null, false);
    expect(administratorLock(admin, [admin, agent(2, 'agent')])).toBe('only');
    expect(administratorLock(admin, [admin, invitee])).toBe('only_verified');
    expect(administratorLock(invitee, [admin, invitee])).toBeNull();
    expect(administratorLock(admin, [admin, agent(3, 'administrator')])).toBeNull();
    expect(administratorLock(agent(2, 'agent'), [admin])).toBeNull();
  });

  it('places a 422 under its field (wrapped keys and custom_role_id included) and keeps other failures as one message', () => {
    const taken = new ApiError(422, { message: 'Email has already been taken', errors: { 'agent.email': ['has already been taken'] } });
    expect(readServerError(taken, ['name', 'email'])).toEqual({ fields: { email: 'Email has already been taken' }, message: null });
    const role = new ApiError(422, { message: 'Custom role id is not a role of this account', errors: { custom_role_id: ['is not a role of this account'] } });
    expect(readServerError(role, ['role']).fields).toEqual({ role: 'Role is not a role of this account' });
    const bulk = new ApiError(422, { message: 'Emails.1 is not a valid email', errors: { 'emails.1': ['is not a valid email'] } });
    expect(readServerError(bulk, ['emails']).fields).toEqual({ emails: 'Email addresses is not a valid email' });
    expect(readServerError(taken, ['name'])).toEqual({ fields: {}, message: 'Email has already been taken' });
    expect(readServerError(new ApiError(0, { error: 'network' }), ['name']).message).toBe('Something went wrong. Please try again.');
    expect(readServerError(new ApiError(403, { error: 'You are not authorized to do this action' }), []).message).toBe('You are not authorized to do this action');
  });
});
