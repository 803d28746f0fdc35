import type { ReactNode } from 'react';
import { SettingsPage } from '../../../components/settings-page.tsx';
import { StepList, type StepItem } from '../../../components/step-list.tsx';
import { t } from '../../../lib/i18n/i18n.ts';
import { accountPath } from '../../../lib/routing.ts';
import { useCurrentAccount } from '../../auth/index.ts';
import '../teams.css';

export type WizardMode = 'new' | 'edit';

/** The create wizard's steps (001 section 2), read in the current language: details, then agents, then finish. */
const createSteps = (): StepItem[] => [
  { route: 'settings_teams_new', title: t('TEAMS_SETTINGS.STEPS.CREATE.TITLE'), body: t('TEAMS_SETTINGS.STEPS.CREATE.BODY') },
  { route: 'settings_teams_add_agents', title: t('TEAMS_SETTINGS.STEPS.AGENTS.TITLE'), body: t('TEAMS_SETTINGS.STEPS.AGENTS.BODY') },
  { route: 'settings_teams_finish', title: t('TEAMS_SETTINGS.STEPS.FINISH.TITLE'), body: t('TEAMS_SETTINGS.STEPS.FINISH.BODY') },
];

/** The edit wizard's steps: the same three on a team that exists. */
const editSteps = (): StepItem[] => [
  { route: 'settings_teams_edit', title: t('TEAMS_SETTINGS.STEPS.EDIT.TITLE'), body: t('TEAMS_SETTINGS.STEPS.EDIT.BODY') },
  { route: 'settings_teams_edit_members', title: t('TEAMS_SETTINGS.STEPS.EDIT_AGENTS.TITLE'), body: t('TEAMS_SETTINGS.STEPS.EDIT_AGENTS.BODY') },
  { route: 'settings_teams_edit_finish', title: t('TEAMS_SETTINGS.STEPS.FINISH.TITLE'), body: t('TEAMS_SETTINGS.STEPS.FINISH.BODY') },
];

/** Where each step of a team's wizard lives under settings/teams. */
export const teamStepPath = (mode: WizardMode, step: 'details' | 'agents' | 'finish', teamId?: number) => {
  if (mode === 'new') return step === 'details' ? 'settings/teams/new' : `settings/teams/new/${teamId}/${step}`;
  return step === 'details' ? `settings/teams/${teamId}/edit` : `settings/teams/${teamId}/edit/${step === 'agents' ? 'agents' : 'finish'}`;
};

/** A step of the create or edit wizard: the step list beside the step's panel, a back link to the list. */
export function TeamWizard({ mode, children }: { mode: WizardMode; children: ReactNode }) {
  const { account } = useCurrentAccount();
  return (
    <SettingsPage
      title={t(mode === 'new' ? 'TEAMS_SETTINGS.CREATE_FLOW.TITLE' : 'TEAMS_SETTINGS.EDIT_FLOW.TITLE')}
      backTo={accountPath(account.id, 'settings/teams/list')}
    >
      <div className="team-wizard">
        <aside className="team-wizard__steps">
          <StepList items={mode === 'new' ? createSteps() : editSteps()} />
        </aside>
        <div className="team-wizard__panel">{children}</div>
      </div>
    </SettingsPage>
  );
}
