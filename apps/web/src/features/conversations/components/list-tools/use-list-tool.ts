import { useState } from 'react';
import type { ListFilters, ListTool } from '../../utils/list-filters.ts';

/**
 * The search or filter the pane shows instead of its route's list. It belongs to the list it was started on:
 * moving to another list (route) drops it.
 */
export function useListTool(filters: ListFilters) {
  const scopeKey = JSON.stringify(filters.scope);
  const [state, setState] = useState<{ scopeKey: string; tool: ListTool | undefined }>({ scopeKey, tool: undefined });
  const tool = state.scopeKey === scopeKey ? state.tool : undefined;
  const shown: ListFilters = tool ? { ...filters, tool } : filters;
  return { tool, shown, setTool: (next: ListTool | undefined) => setState({ scopeKey, tool: next }) };
}
