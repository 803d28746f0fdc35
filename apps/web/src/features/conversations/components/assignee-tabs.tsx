import type { ConversationCounts } from '@app/shared/conversations';
import { t, type MessageKey } from '../../../lib/i18n/i18n.ts';
import { ASSIGNEE_TABS, type AssigneeTab } from '../utils/list-filters.ts';

const COUNT_OF: Record<AssigneeTab, keyof ConversationCounts> = { me: 'mine_count', unassigned: 'unassigned_count', all: 'all_count' };

type AssigneeTabsProps = { value: AssigneeTab; counts: ConversationCounts | undefined; onChange: (tab: AssigneeTab) => void };

/** Mine, unassigned and all, each with its count from the list's `meta`. Arrow keys move between them. */
export function AssigneeTabs({ value, counts, onChange }: AssigneeTabsProps) {
  const move = (from: AssigneeTab, step: number) => {
    const next = ASSIGNEE_TABS[(ASSIGNEE_TABS.indexOf(from) + step + ASSIGNEE_TABS.length) % ASSIGNEE_TABS.length]!;
    onChange(next);
    requestAnimationFrame(() => document.getElementById(`cw-tab-${next}`)?.focus());
  };
  return (
    <div className="cw-tabs" role="tablist" aria-label={t('CHAT_LIST.TABS_LABEL')}>
      {ASSIGNEE_TABS.map((tab) => {
        const selected = tab === value;
        const count = counts?.[COUNT_OF[tab]];
        return (
          <button
            key={tab}
            id={`cw-tab-${tab}`}
            type="button"
            role="tab"
            className="cw-tab"
            aria-selected={selected}
            aria-controls="cw-list-rows"
            tabIndex={selected ? 0 : -1}
            onClick={() => onChange(tab)}
            onKeyDown={(e) => {
              const rtl = document.documentElement.dir === 'rtl';
              if (e.key === 'ArrowRight') move(tab, rtl ? -1 : 1);
              if (e.key === 'ArrowLeft') move(tab, rtl ? 1 : -1);
            }}
          >
            <span>{t(`CHAT_LIST.ASSIGNEE_TYPE_TABS.${tab}` as MessageKey)}</span>
            <span className="cw-tab__count" data-testid={`count-${tab}`}>
              {count ?? '–'}
            </span>
          </button>
        );
      })}
    </div>
  );
}
