import type { Conversation } from '@app/shared/conversations';
import { t } from '../../../../lib/i18n/i18n.ts';
import { useLabelMap } from '../../hooks/use-account-data.ts';
import type { useConversationActions } from '../../hooks/use-conversation-actions.ts';
import { AgentMenu, TeamMenu } from '../assign-menus.tsx';
import { Icon } from '../icon.tsx';
import { LabelChip } from '../label-chip.tsx';
import { LabelsMenu } from '../labels-menu.tsx';
import { PriorityMenu } from '../priority-menu.tsx';

type ActionsPanelProps = { accountId: number; conversation: Conversation; actions: ReturnType<typeof useConversationActions> };

/** Assigned agent, team, priority and labels, each changeable in place. */
export function ActionsPanel({ accountId, conversation, actions }: ActionsPanelProps) {
  const labels = useLabelMap(accountId);
  return (
    <div className="cw-fields">
      <div className="cw-fields__row">
        <span className="cw-fields__label">{t('CONVERSATION.ASSIGN.AGENT')}</span>
        <AgentMenu accountId={accountId} conversation={conversation} actions={actions} variant="field" />
      </div>
      <div className="cw-fields__row">
        <span className="cw-fields__label">{t('CONVERSATION.ASSIGN.TEAM')}</span>
        <TeamMenu accountId={accountId} conversation={conversation} actions={actions} />
      </div>
      <div className="cw-fields__row">
        <span className="cw-fields__label">{t('CONVERSATION.PRIORITY.TITLE')}</span>
        <PriorityMenu conversation={conversation} actions={actions} variant="field" />
      </div>
      <div className="cw-fields__row">
        <span className="cw-fields__label">{t('CONVERSATION.LABELS.TITLE')}</span>
        <div className="cw-fields__labels">
          {conversation.labels.map((title) => (
            <LabelChip key={title} title={title} color={labels.get(title)?.color}>
              <button
                type="button"
                className="cw-label__remove"
                aria-label={t('CONVERSATION.LABELS.REMOVE', { label: title })}
                onClick={() => actions.setLabels.mutate(conversation.labels.filter((l) => l !== title))}
              >
                <Icon name="x" size={11} />
              </button>
            </LabelChip>
          ))}
          <LabelsMenu accountId={accountId} conversation={conversation} actions={actions} variant="add" />
        </div>
      </div>
    </div>
  );
}
