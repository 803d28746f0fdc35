import { useRef, type KeyboardEvent } from 'react';
import { t } from '../../../lib/i18n/i18n.ts';
import { CHECKER_TABS, type CheckerTab } from '../utils/checker-path.ts';

export const tabId = (tab: CheckerTab) => `checker-tab-${tab}`;
export const panelId = (tab: CheckerTab) => `checker-panel-${tab}`;

const KEY_STEP: Record<string, (index: number) => number> = {
  ArrowRight: (index) => (index + 1) % CHECKER_TABS.length,
  ArrowLeft: (index) => (index - 1 + CHECKER_TABS.length) % CHECKER_TABS.length,
  Home: () => 0,
  End: () => CHECKER_TABS.length - 1,
};

/** Recharges, withdrawals, withdraw issues (ARIA tabs: arrow keys, Home and End move between them). */
export function CheckerTabs({ current, onSelect }: { current: CheckerTab; onSelect: (tab: CheckerTab) => void }) {
  const list = useRef<HTMLDivElement>(null);
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const step = KEY_STEP[event.key];
    if (!step) return;
    event.preventDefault();
    const next = CHECKER_TABS[step(CHECKER_TABS.indexOf(current))]!;
    onSelect(next);
    list.current?.querySelector<HTMLElement>(`#${tabId(next)}`)?.focus();
  };
  return (
    <div className="checker-tabs" role="tablist" aria-label={t('PAYMENTS.TABS.LABEL')} ref={list} onKeyDown={onKeyDown}>
      {CHECKER_TABS.map((tab) => (
        <button
          key={tab}
          type="button"
          role="tab"
          id={tabId(tab)}
          className="checker-tabs__tab"
          aria-selected={tab === current}
          aria-controls={panelId(tab)}
          tabIndex={tab === current ? 0 : -1}
          onClick={() => onSelect(tab)}
        >
          {t(`PAYMENTS.TABS.${tab}`)}
        </button>
      ))}
    </div>
  );
}
