import { t } from '../../../lib/i18n/i18n.ts';
import { accountPath } from '../../../lib/routing.ts';
import { useCurrentAccount } from '../../../features/auth/index.ts';
import { usePaymentsAccount } from '../../../features/payments/index.ts';
import { useFolders, useInboxes, useLabels } from '../api.ts';
import { ConversationsMenu } from './conversations-menu.tsx';
import { MenuLink, MenuSection } from './menu-parts.tsx';
import { campaignLinks, canOpen, checkerLinks, reportLinks, settingsLinks, type NavContext, type NavLink, type SectionKey } from './nav-model.ts';

const TITLES: Partial<Record<SectionKey, Parameters<typeof t>[0]>> = {
  conversations: 'SIDEBAR.CONVERSATIONS',
  contacts: 'SIDEBAR.CONTACTS',
  reports: 'SIDEBAR.REPORTS',
  campaigns: 'SIDEBAR.CAMPAIGNS',
  settings: 'SIDEBAR.SETTINGS',
  checker_view: 'SIDEBAR.CHECKER_VIEW',
};

/** Sections with a menu of their own (000 section 2); the others use the whole width. */
export const hasSecondaryMenu = (section: SectionKey | null): section is SectionKey => section !== null && section in TITLES;

function Links({ links }: { links: NavLink[] }) {
  const { account } = useCurrentAccount();
  return (
    <ul className="shell-menu-list">
      {links.map((link) => (
        <MenuLink key={link.key} to={accountPath(account.id, link.path)} area={accountPath(account.id, link.path.replace(/\/list$/, ''))}>
          {t(link.label)}
        </MenuLink>
      ))}
    </ul>
  );
}

/** Contacts: all contacts, the user's segments, and contacts by label. */
function ContactsMenu({ nav }: { nav: NavContext }) {
  const { account } = useCurrentAccount();
  const segments = useFolders(account.id, 'contact');
  const labels = useLabels(account.id, nav.features?.labels === true);
  return (
    <>
      <ul className="shell-menu-list">
        <MenuLink to={accountPath(account.id, 'contacts')} icon="contacts" end>
          {t('SIDEBAR.ALL_CONTACTS')}
        </MenuLink>
      </ul>
      {segments.data && segments.data.length > 0 ? (
        <MenuSection title={t('SIDEBAR.CONTACT_SEGMENTS')}>
          {segments.data.map((segment) => (
            <MenuLink key={segment.id} to={accountPath(account.id, `contacts/custom_view/${segment.id}`)} icon="folder">
              {segment.name}
            </MenuLink>
          ))}
        </MenuSection>
      ) : null}
      {labels.data && labels.data.length > 0 ? (
        <MenuSection title={t('SIDEBAR.TAGGED_WITH')}>
          {labels.data.map((label) => (
            <MenuLink
              key={label.id}
              to={accountPath(account.id, `labels/${encodeURIComponent(label.title)}/contacts`)}
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

/** Checker view: its two screens, then one entry per assigned inbox (tab defaulting to recharge, 001 section 2). */
function CheckerMenu({ nav }: { nav: NavContext }) {
  const { account } = useCurrentAccount();
  // The checker view shows the payments account's records (S1-7.26), whatever the current account: its entries are
  // that account's inboxes, as the user's role there sees them. None for a role that only sees the summaries, nor
  // where the user may not read payments (the page explains why).
  const payments = usePaymentsAccount();
  const membership = payments?.canRead && canOpen(nav, 'checker_view') ? payments.membership : null;
  const inboxes = useInboxes(payments?.accountId ?? account.id, membership !== null && nav.features?.inbox_management === true);
  const assigned = membership ? (inboxes.data ?? []).filter((inbox) => membership.role !== 'checker' || membership.checker_inbox.includes(inbox.id)) : [];
  return (
    <>
      <Links links={checkerLinks(nav)} />
      {assigned.length > 0 ? (
        <MenuSection title={t('SIDEBAR.INBOXES')}>
          {assigned.map((inbox) => (
            <MenuLink key={inbox.id} to={accountPath(account.id, `checker-view/${inbox.id}/recharge`)} icon="inbox">
              {inbox.name}
            </MenuLink>
          ))}
        </MenuSection>
      ) : null}
    </>
  );
}

/** The second column: the current section's menu under its title. */
export function SecondaryMenu({ section, nav }: { section: SectionKey; nav: NavContext }) {
  const title = TITLES[section];
  return (
    <nav className="shell-menu-column" aria-label={t('SIDEBAR.SECONDARY')}>
      {title ? <h2 className="shell-menu-column__title">{t(title)}</h2> : null}
      <div className="shell-menu-column__body">
        {section === 'conversations' ? <ConversationsMenu nav={nav} /> : null}
        {section === 'contacts' ? <ContactsMenu nav={nav} /> : null}
        {section === 'reports' ? <Links links={reportLinks(nav)} /> : null}
        {section === 'campaigns' ? <Links links={campaignLinks(nav)} /> : null}
        {section === 'settings' ? <Links links={settingsLinks(nav)} /> : null}
        {section === 'checker_view' ? <CheckerMenu nav={nav} /> : null}
      </div>
    </nav>
  );
}
