import type { QueryClient } from '@tanstack/react-query';
import { fetchAssignableAgents, fetchCannedResponses } from '../api.ts';
import { SUGGESTION_MAX_ITEMS } from '../constants.ts';
import { loadEmojiIndex, searchEmoji } from '../utils/search-emoji.ts';
import { variableKeys } from '../utils/variables.ts';
import type { SuggestionItem } from './suggestion-types.ts';

type Context = { accountId: number; inboxId: number; variables: Record<string, string> };

const matches = (query: string, ...texts: string[]) => {
  const needle = query.trim().toLowerCase();
  return !needle || texts.some((text) => text.toLowerCase().includes(needle));
};

/**
 * Where each list's rows come from, at most SUGGESTION_MAX_ITEMS each. Server lists go through the query
 * cache; `context` is read at each keystroke, so the editor may outlive a change of inbox or variables.
 */
export function suggestionSources(client: QueryClient, context: () => Context) {
  return {
    agents: async (query: string): Promise<SuggestionItem[]> => {
      const { accountId, inboxId } = context();
      const agents = await fetchAssignableAgents(client, accountId, inboxId);
      return agents
        .filter((agent) => matches(query, agent.available_name, agent.name, agent.email))
        .slice(0, SUGGESTION_MAX_ITEMS)
        .map((agent) => ({ key: String(agent.id), label: agent.available_name || agent.name, detail: agent.email, value: String(agent.id) }));
    },
    cannedResponses: async (query: string): Promise<SuggestionItem[]> => {
      const responses = await fetchCannedResponses(client, context().accountId, query.trim());
      return responses
        .slice(0, SUGGESTION_MAX_ITEMS)
        .map((response) => ({ key: String(response.id), label: response.short_code, detail: response.content, value: response.content }));
    },
    variables: (query: string): SuggestionItem[] => {
      const { variables } = context();
      return variableKeys(variables)
        .filter((key) => matches(query, key))
        .slice(0, SUGGESTION_MAX_ITEMS)
        .map((key) => ({ key, label: key, detail: variables[key] || undefined, value: key }));
    },
    emoji: async (query: string): Promise<SuggestionItem[]> =>
      searchEmoji(await loadEmojiIndex(), query, SUGGESTION_MAX_ITEMS).map((entry) => ({
        key: entry.emoji,
        glyph: entry.emoji,
        label: `:${entry.name}:`,
        value: entry.emoji,
      })),
  };
}
