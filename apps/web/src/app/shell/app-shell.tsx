import { useCallback, useState } from 'react';
import { Outlet, useLocation } from 'react-router';
import { t } from '../../lib/i18n/i18n.ts';
import { RealtimeProvider } from '../../lib/realtime/index.ts';
import { Modal } from '../../components/modal.tsx';
import { useCurrentAccount } from '../../features/auth/index.ts';
import { AccountSwitcher } from '../../features/accounts/index.ts';
import { useGlobalConfig } from './api.ts';
import { ShellBanners } from './banners/shell-banners.tsx';
import { HelpPanel } from './help/help-panel.tsx';
import { NetworkNotice } from './network/network-notice.tsx';
import { ShortcutsModal } from './shortcuts/shortcuts-modal.tsx';
import { useShellShortcuts } from './shortcuts/use-shell-shortcuts.ts';
import { canOpen, sectionOf } from './sidebar/nav-model.ts';
import { PrimarySidebar } from './sidebar/primary-sidebar.tsx';
import { hasSecondaryMenu, SecondaryMenu } from './sidebar/secondary-menu.tsx';
import { TopBar } from './top-bar.tsx';
import { useNavContext } from './use-nav-context.ts';
import { useShellRealtime } from './use-shell-realtime.ts';
import { useAudioAlerts, useKeepPushRegistered } from '../../features/profile/index.ts';
import { useAccountCache } from './account-cache.ts';
import './shell.css';

const COLLAPSED_KEY = 'relay-desk:section-menu-collapsed';
const readCollapsed = () => {
  try {
    return window.localStorage.getItem(COLLAPSED_KEY) === '1';
  } catch {
    return false;
  }
};

/**
 * The signed-in frame around account screens (000 section 2): banners at the top, the header, the icon rail,
 * the current section's menu, the screen; the network notice, toasts and the shell's dialogs float above. It
 * holds the account's one /cable connection (RealtimeProvider) and the keyboard shortcuts.
 */
export function AppShell() {
  const { user, account } = useCurrentAccount();
  return (
    <RealtimeProvider key={`${account.id}:${user.id}`} accountId={account.id} userId={user.id} pubsubToken={user.pubsub_token}>
      <ShellFrame />
    </RealtimeProvider>
  );
}

function ShellFrame() {
  const { user, account } = useCurrentAccount();
  const nav = useNavContext();
  const config = useGlobalConfig();
  const section = sectionOf(useLocation().pathname);
  const [collapsed, setCollapsed] = useState(readCollapsed);
  const [shortcutsOpen, setShortcutsOpen] = useState(false);
  const [helpOpen, setHelpOpen] = useState(false);
  // Open for the account it was opened in: moving to another account (a new one just created) closes it.
  const [switchingIn, setSwitchingIn] = useState<number | null>(null);
  const switching = switchingIn === account.id;
  const setSwitching = (open: boolean) => setSwitchingIn(open ? account.id : null);

  const toggleSidebar = useCallback(() => {
    setCollapsed((value) => {
      try {
        window.localStorage.setItem(COLLAPSED_KEY, value ? '0' : '1');
      } catch {
        // not remembered in private mode
      }
      return !value;
    });
  }, []);

  useShellRealtime(account.id, user.id);
  useAudioAlerts(user.id, user.ui_settings);
  useAccountCache(account.id);
  useKeepPushRegistered(user.id);
  useShellShortcuts({
    accountId: account.id,
    nav,
    toggleSidebar,
    openShortcuts: () => setShortcutsOpen(true),
    closeShortcuts: () => setShortcutsOpen(false),
  });

  const showMenu = hasSecondaryMenu(section) && !collapsed;
  return (
    <div className="app-shell">
      <ShellBanners />
      <TopBar />
      <div className={showMenu ? 'app-shell__body app-shell__body--with-menu' : 'app-shell__body'}>
        <PrimarySidebar nav={nav} onOpenHelp={() => setHelpOpen(true)} onOpenShortcuts={() => setShortcutsOpen(true)} onSwitchAccount={() => setSwitching(true)} />
        {showMenu ? <SecondaryMenu section={section} nav={nav} /> : null}
        <main className="shell-main">
          <Outlet />
        </main>
      </div>
      <NetworkNotice />
      <HelpPanel
        show={helpOpen}
        onClose={() => setHelpOpen(false)}
        onOpenShortcuts={() => {
          setHelpOpen(false);
          setShortcutsOpen(true);
        }}
        canOpenProfile={canOpen(nav, 'profile_settings_index')}
      />
      <ShortcutsModal show={shortcutsOpen} onClose={() => setShortcutsOpen(false)} />
      <Modal show={switching} title={t('PROFILE_MENU.SWITCH_ACCOUNT_TITLE')} description={t('PROFILE_MENU.SWITCH_ACCOUNT_DESCRIPTION')} onClose={() => setSwitching(false)}>
        <div className="shell-account-switch">
          <AccountSwitcher user={user} currentAccountId={account.id} creationEnabled={config.data?.create_new_account_from_dashboard ?? false} />
        </div>
      </Modal>
    </div>
  );
}
