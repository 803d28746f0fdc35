import { useNavigate } from 'react-router';
import { accountPath } from '../../../lib/routing.ts';
import { useShortcut, useShortcutListener } from '../../../lib/shortcuts/index.ts';
import { canOpen, primaryItems, type NavContext, type SectionKey } from '../sidebar/nav-model.ts';

type ShellShortcutActions = {
  accountId: number;
  nav: NavContext;
  toggleSidebar: () => void;
  openShortcuts: () => void;
  closeShortcuts: () => void;
};

/**
 * The shortcuts of 000 section 9 that belong to the shell: Alt+C/V/R/S go to conversations, contacts, reports
 * and settings (when the sidebar offers them), Alt+O toggles the section menu, Mod+/ opens the shortcut list
 * and Mod+Escape closes it. Installs the one keydown listener.
 */
export function useShellShortcuts({ accountId, nav, toggleSidebar, openShortcuts, closeShortcuts }: ShellShortcutActions): void {
  const navigate = useNavigate();
  useShortcutListener();
  const go = (section: SectionKey) => () => {
    const item = primaryItems(nav).find((i) => i.section === section);
    if (item) navigate(accountPath(accountId, item.path));
  };
  useShortcut('go-conversations', go('conversations'));
  useShortcut('go-contacts', go('contacts'));
  useShortcut('go-reports', go('reports'));
  useShortcut('go-settings', go('settings'));
  // `/` opens the search page where the user may open it (the page itself takes `/` to focus its box)
  useShortcut('go-search', () => (canOpen(nav, 'search') ? void navigate(accountPath(accountId, 'search')) : false));
  useShortcut('toggle-sidebar', toggleSidebar);
  useShortcut('open-shortcuts', openShortcuts);
  useShortcut('close-shortcuts', closeShortcuts);
}
