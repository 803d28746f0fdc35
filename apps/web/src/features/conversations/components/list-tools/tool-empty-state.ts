import './messages.ts';
import { t } from '../../../../lib/i18n/i18n.ts';
import type { ListTool } from '../../utils/list-filters.ts';

/** What an empty search or filter says (undefined: the list's own empty state). */
export function toolEmptyState(tool: ListTool | undefined): { title: string; hint: string } | undefined {
  if (tool?.kind === 'search') return { title: t('LIST_TOOLS.SEARCH.EMPTY_TITLE', { q: tool.q }), hint: t('LIST_TOOLS.SEARCH.EMPTY_HINT') };
  if (tool?.kind === 'filter') return { title: t('LIST_TOOLS.FILTER.EMPTY_TITLE'), hint: t('LIST_TOOLS.FILTER.EMPTY_HINT') };
  return undefined;
}
