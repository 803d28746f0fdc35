import { useRef, type KeyboardEvent } from 'react';
import { t, type MessageKey } from '../../../lib/i18n/i18n.ts';
import type { SettingsTab } from '../utils/channel.ts';

const TAB_LABELS: Record<SettingsTab, MessageKey> = {
  settings: 'INBOX_MGMT.TABS.SETTINGS',
  collaborators: 'INBOX_MGMT.TABS.COLLABORATORS',
  configuration: 'INBOX_MGMT.TABS.CONFIGURATION',
  'business-hours': 'INBOX_MGMT.TABS.BUSINESS_HOURS',
  bot: 'INBOX_MGMT.TABS.BOT',
};

export const tabId = (tab: SettingsTab) => `inbox-tab-${tab}`;
export const panelId = (tab: SettingsTab) => `inbox-panel-${tab}`;

/** The inbox settings tabs (ARIA tabs: arrow keys, Home and End move between them). */
export function SettingsTabs({ tabs, current, onSelect }: { tabs: SettingsTab[]; current: SettingsTab; onSelect: (tab: SettingsTab) => void }) {
  const list = useRef<HTMLDivElement>(null);
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const index = tabs.indexOf(current);
    const next =
      event.key === 'ArrowRight' ? tabs[(index + 1) % tabs.length] : event.key === 'ArrowLeft' ? tabs[(index - 1 + tabs.length) % tabs.length] : event.key === 'Home' ? tabs[0] : event.key === 'End' ? tabs.at(-1) : undefined;
    if (!next) return;
    event.preventDefault();
    onSelect(next);
    list.current?.querySelector<HTMLElement>(`#${tabId(next)}`)?.focus();
  };
  return (
    <div className="inbox-tabs" role="tablist" aria-label={t('INBOX_MGMT.TABS.LABEL')} ref={list} onKeyDown={onKeyDown}>
      {tabs.map((tab) => (
        <button
          key={tab}
          type="button"
          role="tab"
          id={tabId(tab)}
          className="inbox-tabs__tab"
          aria-selected={tab === current}
          aria-controls={panelId(tab)}
          tabIndex={tab === current ? 0 : -1}
          onClick={() => onSelect(tab)}
        >
          {t(TAB_LABELS[tab])}
        </button>
      ))}
    </div>
  );
}
