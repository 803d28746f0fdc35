import { Link } from 'react-router';
import { Modal } from '../../../components/modal.tsx';
import { Button } from '../../../components/button.tsx';
import { t, type MessageKey } from '../../../lib/i18n/i18n.ts';
import { accountPath } from '../../../lib/routing.ts';
import { useCurrentAccount } from '../../../features/auth/index.ts';

/** Where developers find the installation's API reference (the help panel's last link). */
export const API_DOCS_URL = '/api/docs';

const SECTIONS: { title: MessageKey; items: MessageKey[] }[] = [
  { title: 'HELP.CONVERSATIONS.TITLE', items: ['HELP.CONVERSATIONS.LIST', 'HELP.CONVERSATIONS.ACTIONS', 'HELP.CONVERSATIONS.SECTIONS'] },
  { title: 'HELP.REPLYING.TITLE', items: ['HELP.REPLYING.MODES', 'HELP.REPLYING.SUGGESTIONS', 'HELP.REPLYING.STATES'] },
];

type HelpPanelProps = { show: boolean; onClose: () => void; onOpenShortcuts: () => void; canOpenProfile: boolean };

/**
 * The rail's "?" (000 section 2's docs entry): help for the people using the desk, inside the app — how the
 * conversations and the editor work, the keyboard shortcuts, then the API reference for developers.
 */
export function HelpPanel({ show, onClose, onOpenShortcuts, canOpenProfile }: HelpPanelProps) {
  const { account } = useCurrentAccount();
  return (
    <Modal show={show} title={t('HELP.TITLE')} description={t('HELP.DESCRIPTION')} onClose={onClose}>
      <div className="shell-help">
        {SECTIONS.map((section) => (
          <section key={section.title} className="shell-help__section" aria-label={t(section.title)}>
            <h3>{t(section.title)}</h3>
            <ul>
              {section.items.map((item) => (
                <li key={item}>{t(item)}</li>
              ))}
            </ul>
          </section>
        ))}
        <section className="shell-help__section" aria-label={t('HELP.KEYBOARD.TITLE')}>
          <h3>{t('HELP.KEYBOARD.TITLE')}</h3>
          <p>{t('HELP.KEYBOARD.TEXT')}</p>
          <Button size="small" onClick={onOpenShortcuts}>
            {t('HELP.KEYBOARD.OPEN')}
          </Button>
        </section>
        <section className="shell-help__section" aria-label={t('HELP.MORE.TITLE')}>
          <h3>{t('HELP.MORE.TITLE')}</h3>
          <ul>
            {canOpenProfile ? (
              <li>
                <Link to={accountPath(account.id, 'profile/settings')} onClick={onClose}>
                  {t('HELP.MORE.PROFILE')}
                </Link>
              </li>
            ) : null}
            <li>
              <a href={API_DOCS_URL} target="_blank" rel="noreferrer">
                {t('HELP.MORE.API')}
              </a>
            </li>
          </ul>
        </section>
      </div>
    </Modal>
  );
}
