import { t } from '../../../lib/i18n/i18n.ts';
import { accountPath } from '../../../lib/routing.ts';
import { useCurrentAccount } from '../../../features/auth/index.ts';
import { useFolders, useInboxCounts, useInboxes, useLabels, useTeams } from '../api.ts';
import { Icon } from '../icons.tsx';
import { inboxBadgeBand } from './inbox-badge.ts';
import { MenuLink, MenuSection } from './menu-parts.tsx';
import { canOpen, type NavContext } from './nav-model.ts';

/**
 * The conversations menu of 000 section 2 with the routes of 001 section 2: all, mentions, unattended, then
 * the user's folders, their teams (not loaded for checkers), the inboxes they work (checkers: the ones
 * assigned to them) with unresponded counts in colour bands, and the labels shown on the sidebar. Each entry
 * and "+" only when its route has a screen and the user's role opens it (a checker: all and their inboxes).
 */
export function ConversationsMenu({ nav }: { nav: NavContext }) {
  const { account } = useCurrentAccount();
  const id = account.id;
  const isChecker = nav.role === 'checker';
  const isAdmin = nav.role === 'administrator';
  const flag = (name: 'team_management' | 'labels' | 'inbox_management') => nav.features?.[name] === true;

  const opens = (route: Parameters<typeof canOpen>[1]) => canOpen(nav, route);
  const showFolders = opens('folder_conversations');
  const showTeams = !isChecker && flag('team_management') && opens('team_conversations');
  const showInboxes = flag('inbox_management') && opens('inbox_dashboard');
  const showLabels = flag('labels') && opens('label_conversations');

  const folders = useFolders(id, 'conversation', showFolders);
  const teams = useTeams(id, showTeams);
  const inboxes = useInboxes(id, showInboxes);
  const counts = useInboxCounts(id, showInboxes);
  const labels = useLabels(id, showLabels);

  const myTeams = (teams.data ?? []).filter((team) => team.is_member);
  const visibleInboxes = (inboxes.data ?? []).filter((inbox) => !isChecker || account.checker_inbox.includes(inbox.id));
  const sidebarLabels = (labels.data ?? []).filter((label) => label.show_on_sidebar);
  const add = (route: Parameters<typeof canOpen>[1], path: string, label: string) => (isAdmin && opens(route) ? { to: accountPath(id, path), label } : null);
  const addTeam = add('settings_teams_new', 'settings/teams/new', t('SIDEBAR.NEW_TEAM'));
  const addLabel = add('labels_list', 'settings/labels/list', t('SIDEBAR.NEW_LABEL'));

  return (
    <>
      <ul className="shell-menu-list">
        {opens('home') ? (
          <MenuLink to={accountPath(id, 'dashboard')} icon="conversations">
            {t('SIDEBAR.ALL_CONVERSATIONS')}
          </MenuLink>
        ) : null}
        {opens('conversation_mentions') ? (
          <MenuLink to={accountPath(id, 'mentions/conversations')} icon="at">
            {t('SIDEBAR.MENTIONED_CONVERSATIONS')}
          </MenuLink>
        ) : null}
        {opens('conversation_unattended') ? (
          <MenuLink to={accountPath(id, 'unattended/conversations')} icon="clock">
            {t('SIDEBAR.UNATTENDED_CONVERSATIONS')}
          </MenuLink>
        ) : null}
      </ul>
      {showFolders && folders.data && folders.data.length > 0 ? (
        <MenuSection title={t('SIDEBAR.CUSTOM_VIEWS_FOLDER')}>
          {folders.data.map((folder) => (
            <MenuLink key={folder.id} to={accountPath(id, `custom_view/${folder.id}`)} icon="folder">
              {folder.name}
            </MenuLink>
          ))}
        </MenuSection>
      ) : null}
      {showTeams && (myTeams.length > 0 || addTeam) ? (
        <MenuSection title={t('SIDEBAR.TEAMS')} add={addTeam}>
          {myTeams.map((team) => (
            <MenuLink key={team.id} to={accountPath(id, `team/${team.id}`)} icon="team">
              {team.name}
            </MenuLink>
          ))}
        </MenuSection>
      ) : null}
      {showInboxes ? (
        <MenuSection title={t('SIDEBAR.INBOXES')} add={add('settings_inbox_new', 'settings/inboxes/new', t('SIDEBAR.NEW_INBOX'))}>
          {visibleInboxes.map((inbox) => {
            const unresponded = counts.data?.[inbox.id] ?? inbox.unresponded_conversations_count;
            return (
              <MenuLink
                key={inbox.id}
                to={accountPath(id, `inbox/${inbox.id}`)}
                icon="inbox"
                trailing={
                  <>
                    {inbox.reauthorization_required ? (
                      <span className="shell-menu-link__warning" title={t('SIDEBAR.REAUTHORIZE')} aria-label={t('SIDEBAR.REAUTHORIZE')} role="img">
                        <Icon name="alert" size={14} />
                      </span>
                    ) : null}
                    {unresponded > 0 ? (
                      <span
                        className={`shell-count shell-count--${inboxBadgeBand(unresponded)}`}
                        data-band={inboxBadgeBand(unresponded)}
                        title={t('SIDEBAR.UNRESPONDED', { count: unresponded })}
                      >
                        {unresponded}
                      </span>
                    ) : null}
                  </>
                }
              >
                {inbox.name}
              </MenuLink>
            );
          })}
        </MenuSection>
      ) : null}
      {showLabels && (sidebarLabels.length > 0 || addLabel) ? (
        <MenuSection title={t('SIDEBAR.LABELS')} add={addLabel}>
          {sidebarLabels.map((label) => (
            <MenuLink
              key={label.id}
              to={accountPath(id, `label/${encodeURIComponent(label.title)}`)}
              leading={<span className="shell-label-dot" style={{ backgroundColor: label.color }} aria-hidden="true" />}
            >
              {label.title}
            </MenuLink>
          ))}
        </MenuSection>
      ) : null}
    </>
  );
}
