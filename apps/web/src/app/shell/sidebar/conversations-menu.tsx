import { t } from '../../../lib/i18n/i18n.ts';
import { accountPath } from '../../../lib/routing.ts';
import { useCurrentAccount } from '../../../features/auth/index.ts';
import { useFolders, useInboxCounts, useInboxes, useLabels, useTeams } from '../api.ts';
import { Icon } from '../icons.tsx';
import { inboxBadgeBand } from './inbox-badge.ts';
import { MenuLink, MenuSection } from './menu-parts.tsx';
import type { NavContext } from './nav-model.ts';

/**
 * The conversations menu of 000 section 2 with the routes of 001 section 2: all, mentions, unattended, then
 * the user's folders, their teams (not loaded for checkers), the inboxes they work (checkers: the ones
 * assigned to them) with unresponded counts in colour bands, and the labels shown on the sidebar.
 */
export function ConversationsMenu({ nav }: { nav: NavContext }) {
  const { account } = useCurrentAccount();
  const id = account.id;
  const isChecker = nav.role === 'checker';
  const isAdmin = nav.role === 'administrator';
  const flag = (name: 'team_management' | 'labels' | 'inbox_management') => nav.features?.[name] === true;

  const folders = useFolders(id, 'conversation');
  const teams = useTeams(id, !isChecker && flag('team_management'));
  const inboxes = useInboxes(id, flag('inbox_management'));
  const counts = useInboxCounts(id, flag('inbox_management'));
  const labels = useLabels(id, flag('labels'));

  const myTeams = (teams.data ?? []).filter((team) => team.is_member);
  const visibleInboxes = (inboxes.data ?? []).filter((inbox) => !isChecker || account.checker_inbox.includes(inbox.id));
  const sidebarLabels = (labels.data ?? []).filter((label) => label.show_on_sidebar);
  const add = (path: string, label: string) => (isAdmin ? { to: accountPath(id, path), label } : null);

  return (
    <>
      <ul className="shell-menu-list">
        <MenuLink to={accountPath(id, 'dashboard')} icon="conversations">
          {t('SIDEBAR.ALL_CONVERSATIONS')}
        </MenuLink>
        <MenuLink to={accountPath(id, 'mentions/conversations')} icon="at">
          {t('SIDEBAR.MENTIONED_CONVERSATIONS')}
        </MenuLink>
        <MenuLink to={accountPath(id, 'unattended/conversations')} icon="clock">
          {t('SIDEBAR.UNATTENDED_CONVERSATIONS')}
        </MenuLink>
      </ul>
      {folders.data && folders.data.length > 0 ? (
        <MenuSection title={t('SIDEBAR.CUSTOM_VIEWS_FOLDER')}>
          {folders.data.map((folder) => (
            <MenuLink key={folder.id} to={accountPath(id, `custom_view/${folder.id}`)} icon="folder">
              {folder.name}
            </MenuLink>
          ))}
        </MenuSection>
      ) : null}
      {!isChecker && flag('team_management') && (myTeams.length > 0 || isAdmin) ? (
        <MenuSection title={t('SIDEBAR.TEAMS')} add={add('settings/teams/new', t('SIDEBAR.NEW_TEAM'))}>
          {myTeams.map((team) => (
            <MenuLink key={team.id} to={accountPath(id, `team/${team.id}`)} icon="team">
              {team.name}
            </MenuLink>
          ))}
        </MenuSection>
      ) : null}
      {flag('inbox_management') ? (
        <MenuSection title={t('SIDEBAR.INBOXES')} add={add('settings/inboxes/new', t('SIDEBAR.NEW_INBOX'))}>
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
      {flag('labels') && (sidebarLabels.length > 0 || isAdmin) ? (
        <MenuSection title={t('SIDEBAR.LABELS')} add={add('settings/labels/list', t('SIDEBAR.NEW_LABEL'))}>
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
