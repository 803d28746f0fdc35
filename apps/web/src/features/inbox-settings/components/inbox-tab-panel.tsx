import type { Inbox } from '@app/shared/inboxes';
import type { SettingsTab } from '../utils/channel.ts';
import { AgentBotCard } from './agent-bot-card.tsx';
import { AutoAssignmentCard } from './auto-assignment-card.tsx';
import { BusinessHoursCard } from './business-hours-card.tsx';
import { CollaboratorsCard } from './collaborators-card.tsx';
import { ConfigurationPanel } from './configuration-panel.tsx';
import { InboxDetailsCard } from './inbox-details-card.tsx';
import { InboxPreferencesCard } from './inbox-preferences-card.tsx';

/** The content of one tab. */
export function InboxTabPanel({ tab, accountId, inbox }: { tab: SettingsTab; accountId: number; inbox: Inbox }) {
  switch (tab) {
    case 'settings':
      return (
        <>
          <InboxDetailsCard accountId={accountId} inbox={inbox} />
          <InboxPreferencesCard accountId={accountId} inbox={inbox} />
        </>
      );
    case 'collaborators':
      return (
        <>
          <CollaboratorsCard accountId={accountId} inboxId={inbox.id} />
          <AutoAssignmentCard accountId={accountId} inbox={inbox} />
        </>
      );
    case 'business-hours':
      return <BusinessHoursCard accountId={accountId} inbox={inbox} />;
    case 'bot':
      return <AgentBotCard accountId={accountId} inboxId={inbox.id} />;
    case 'configuration':
      return <ConfigurationPanel accountId={accountId} inbox={inbox} />;
    default:
      return null;
  }
}
