import { describe, expect, it } from 'vitest';
import { agentBotBody, isHttpUrl, validateAgentBot } from './agent-bot-form.ts';

describe('agent bot form rules', () => {
  it('needs a name of at most 255 characters and a description of at most 2000', () => {
    expect(validateAgentBot({ name: ' ', description: '', outgoing_url: '' })).toEqual({ name: 'AGENT_BOTS.FORM.NAME.ERROR' });
    expect(validateAgentBot({ name: 'x'.repeat(256), description: 'y'.repeat(2001), outgoing_url: '' })).toEqual({
      name: 'AGENT_BOTS.FORM.NAME.TOO_LONG',
      description: 'AGENT_BOTS.FORM.DESCRIPTION.TOO_LONG',
    });
  });

  it('takes an empty webhook URL or an http(s) one only', () => {
    expect(validateAgentBot({ name: 'Bot', description: '', outgoing_url: '' })).toEqual({});
    expect(validateAgentBot({ name: 'Bot', description: '', outgoing_url: 'https://bots.example.com/hook' })).toEqual({});
    for (const bad of ['bots.example.com', 'ftp://example.com', 'javascript:alert(1)', 'http://', `https://e.com/${'a'.repeat(2048)}`]) {
      expect(isHttpUrl(bad)).toBe(false);
    }
  });

  it('sends trimmed values, empty optional fields as null', () => {
    expect(agentBotBody({ name: ' Bot ', description: ' ', outgoing_url: '' })).toEqual({ name: 'Bot', description: null, outgoing_url: null });
  });
});
