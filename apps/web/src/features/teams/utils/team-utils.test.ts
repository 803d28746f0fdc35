import { describe, expect, it } from 'vitest';
import type { Agent } from '@app/shared/agents';
import { ApiError } from '../../../lib/api-client.ts';
import { filterAgents, selectAllState, teamCandidates, toggleAll, toggleOne } from './agent-selection.ts';
import { readTeamError, validateTeam } from './team-form.ts';

const agent = (id: number, name: string, email: string, role: Agent['role'] = 'agent') => ({ id, name, email, role }) as Agent;
const AGENTS = [agent(1, 'Jane Doe', 'jane@example.com', 'administrator'), agent(2, 'Omar Haddad', 'omar@acme.io'), agent(3, 'Kit', 'kit@example.com', 'checker')];

describe('team form rules', () => {
  it('S1-5.40 a team needs a name of at most 255 characters; the description is optional, at most 1000', () => {
    expect(validateTeam({ name: '  ', description: '' })).toEqual({ name: 'Please enter a team name.' });
    expect(validateTeam({ name: 'n'.repeat(256), description: 'd'.repeat(1001) })).toEqual({
      name: 'The team name can be at most 255 characters.',
      description: 'The description can be at most 1000 characters.',
    });
    expect(validateTeam({ name: 'billing', description: '' })).toEqual({});
  });

  it('places a 422 under its field and keeps the rest as one message', () => {
    const taken = new ApiError(422, { message: 'Name has already been taken', errors: { 'team.name': ['has already been taken'] } });
    expect(readTeamError(taken, ['name'])).toEqual({ fields: { name: 'Team name has already been taken' }, message: null });
    expect(readTeamError(taken, ['user_ids'])).toEqual({ fields: {}, message: 'Name has already been taken' });
    expect(readTeamError(new ApiError(404, { error: 'Resource could not be found' }), ['name']).message).toBe('Resource could not be found');
    expect(readTeamError(new Error('x'), ['name']).message).toBe('Something went wrong. Please try again.');
  });
});

describe('agent selection', () => {
  it('offers every member but checkers', () => {
    expect(teamCandidates(AGENTS).map((a) => a.id)).toEqual([1, 2]);
  });

  it('searches names and emails, case-insensitively', () => {
    expect(filterAgents(AGENTS, ' OMAR ').map((a) => a.id)).toEqual([2]);
    expect(filterAgents(AGENTS, 'example.com').map((a) => a.id)).toEqual([1, 3]);
    expect(filterAgents(AGENTS, '')).toHaveLength(3);
  });

  it('select all selects the shown rows, or clears them when all are selected; hidden rows keep their state', () => {
    expect(selectAllState(new Set(), [1, 2])).toBe('none');
    expect(selectAllState(new Set([1]), [1, 2])).toBe('some');
    expect(selectAllState(new Set([1, 2]), [1, 2])).toBe('all');
    expect(selectAllState(new Set([1]), [])).toBe('none');
    expect([...toggleAll(new Set([3]), [1, 2])].sort()).toEqual([1, 2, 3]);
    expect([...toggleAll(new Set([1, 2, 3]), [1, 2])]).toEqual([3]);
    expect([...toggleOne(new Set([1]), 1)]).toEqual([]);
    expect([...toggleOne(new Set([1]), 2)]).toEqual([1, 2]);
  });
});
