import { CONVERSATION_PRIORITIES } from '@app/shared/constants';
import type { Conversation } from '@app/shared/conversations';
import { t, type MessageKey } from '../../../lib/i18n/i18n.ts';
import type { useConversationActions } from '../hooks/use-conversation-actions.ts';
import { FieldTrigger } from './field-trigger.tsx';
import { Icon } from './icon.tsx';
import { Menu, MenuItem } from './menu.tsx';

type PriorityMenuProps = { conversation: Conversation; actions: ReturnType<typeof useConversationActions>; variant?: 'icon' | 'field' };

/** None, low, medium, high or urgent (POST toggle_priority). */
export function PriorityMenu({ conversation, actions, variant = 'icon' }: PriorityMenuProps) {
  const current = conversation.priority;
  const name = t(`CONVERSATION.PRIORITY.${current ?? 'none'}` as MessageKey);
  return (
    <Menu
      label={`${t('CONVERSATION.PRIORITY.TITLE')}: ${name}`}
      triggerClassName={variant === 'icon' ? `cw-icon-button cw-priority-trigger cw-priority-trigger--${current ?? 'none'}` : 'cw-field-button'}
      trigger={variant === 'icon' ? <Icon name="flag" size={17} /> : <FieldTrigger icon={<Icon name="flag" className={`cw-priority-icon--${current ?? 'none'}`} />} text={name} empty={!current} />}
    >
      {(close) =>
        [null, ...[...CONVERSATION_PRIORITIES].reverse()].map((priority) => (
          <MenuItem key={priority ?? 'none'} kind="radio" checked={current === priority} onSelect={() => (close(), actions.setPriority.mutate(priority))}>
            <Icon name="flag" className={`cw-priority-icon--${priority ?? 'none'}`} />
            <span className="cw-menu__grow">{t(`CONVERSATION.PRIORITY.${priority ?? 'none'}` as MessageKey)}</span>
          </MenuItem>
        ))
      }
    </Menu>
  );
}
