import type { Conversation } from '@app/shared/conversations';
import type { Inbox } from '@app/shared/inboxes';
import type { CurrentUser } from '@app/shared/users';
import { t, type MessageKey } from '../../../../lib/i18n/i18n.ts';
import type { useConversationActions } from '../../hooks/use-conversation-actions.ts';
import { useSidebarOrder } from '../../hooks/use-sidebar.ts';
import { movePanel, type SidebarItem } from '../../utils/sidebar-order.ts';
import { ActionsPanel } from './actions-panel.tsx';
import { ContactPanel } from './contact-panel.tsx';
import { InfoPanel } from './info-panel.tsx';
import { ParticipantsPanel } from './participants-panel.tsx';
import { PreviousPanel } from './previous-panel.tsx';
import { SidebarPanel } from './sidebar-panel.tsx';

type SidebarProps = {
  accountId: number;
  conversation: Conversation;
  inbox: Inbox | undefined;
  user: CurrentUser;
  actions: ReturnType<typeof useConversationActions>;
  /** A reader who may not act: the conversation and contact details only (no actions, no calls it may not make). */
  readOnly?: boolean;
};

// Macros have no API yet: their place in the saved order is kept, the panel not shown.
const SHOWN: SidebarItem[] = ['conversation_actions', 'conversation_info', 'contact_attributes', 'previous_conversation', 'conversation_participants'];
const SHOWN_READ_ONLY: SidebarItem[] = ['conversation_info', 'contact_attributes'];

/** The details column: its panels in the order of the user's ui_settings, each movable up or down. */
export function ConversationSidebar({ accountId, conversation, inbox, user, actions, readOnly = false }: SidebarProps) {
  const { order, setOrder } = useSidebarOrder(user);
  const visible = order.filter((item) => (readOnly ? SHOWN_READ_ONLY : SHOWN).includes(item));
  const body = (item: SidebarItem) => {
    switch (item) {
      case 'conversation_actions':
        return <ActionsPanel accountId={accountId} conversation={conversation} actions={actions} />;
      case 'conversation_info':
        return <InfoPanel conversation={conversation} inbox={inbox} />;
      case 'contact_attributes':
        return <ContactPanel conversation={conversation} />;
      case 'previous_conversation':
        return <PreviousPanel accountId={accountId} conversation={conversation} />;
      case 'conversation_participants':
        return <ParticipantsPanel accountId={accountId} conversation={conversation} actions={actions} />;
      default:
        return null;
    }
  };
  return (
    <aside className="cw-sidebar" aria-label={t('CONVERSATION.SIDEBAR.TITLE')}>
      {visible.map((item, i) => (
        <SidebarPanel
          key={item}
          title={t(`CONVERSATION.SIDEBAR.ITEMS.${item}` as MessageKey)}
          canMoveUp={i > 0}
          canMoveDown={i < visible.length - 1}
          onMove={(step) => setOrder(movePanel(order, visible, item, step))}
        >
          {body(item)}
        </SidebarPanel>
      ))}
    </aside>
  );
}
