import { Outlet } from 'react-router';
import { SettingsPage } from '../../../components/settings-page.tsx';
import { StepList, type StepItem } from '../../../components/step-list.tsx';
import { t } from '../../../lib/i18n/i18n.ts';
import { accountPath } from '../../../lib/routing.ts';
import { useCurrentAccount } from '../../auth/index.ts';
import '../inbox-wizard.css';

/** The wizard's four steps (S1-4.05): choose a channel, create the inbox, add agents, finish. */
const steps = (): StepItem[] => [
  { route: 'settings_inbox_new', title: t('INBOX_MGMT.ADD.STEPS.CHANNEL.TITLE'), body: t('INBOX_MGMT.ADD.STEPS.CHANNEL.BODY') },
  { route: 'settings_inboxes_page_channel', title: t('INBOX_MGMT.ADD.STEPS.CREATE.TITLE'), body: t('INBOX_MGMT.ADD.STEPS.CREATE.BODY') },
  { route: 'settings_inboxes_add_agents', title: t('INBOX_MGMT.ADD.STEPS.AGENTS.TITLE'), body: t('INBOX_MGMT.ADD.STEPS.AGENTS.BODY') },
  { route: 'settings_inbox_finish', title: t('INBOX_MGMT.ADD.STEPS.FINISH.TITLE'), body: t('INBOX_MGMT.ADD.STEPS.FINISH.BODY') },
];

/** The frame of every wizard screen: title, back link to the inbox list, the step list beside the step's screen. */
export function WizardLayout() {
  const { account } = useCurrentAccount();
  return (
    <SettingsPage title={t('INBOX_MGMT.ADD.TITLE')} description={t('INBOX_MGMT.ADD.DESCRIPTION')} backTo={accountPath(account.id, 'settings/inboxes/list')}>
      <div className="wizard">
        <nav className="wizard__steps" aria-label={t('INBOX_MGMT.ADD.STEPS.LABEL')}>
          <StepList items={steps()} />
        </nav>
        <div className="wizard__content">
          <Outlet />
        </div>
      </div>
    </SettingsPage>
  );
}
