import type { Inbox } from '@app/shared/inboxes';
import type { SettingsTab } from '../utils/channel.ts';
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
    default:
      return null;
  }
}
