import { useState } from 'react';
import type { Conversation } from '@app/shared/conversations';
import { t } from '../../../lib/i18n/i18n.ts';
import { useLabels } from '../hooks/use-account-data.ts';
import type { useConversationActions } from '../hooks/use-conversation-actions.ts';
import { Icon } from './icon.tsx';
import { Menu, MenuItem } from './menu.tsx';

type LabelsMenuProps = { accountId: number; conversation: Conversation; actions: ReturnType<typeof useConversationActions>; variant?: 'icon' | 'add' };

/** The account's labels as checkboxes; each toggle replaces the conversation's set (POST labels). */
export function LabelsMenu({ accountId, conversation, actions, variant = 'icon' }: LabelsMenuProps) {
  const labels = useLabels(accountId);
  const [search, setSearch] = useState('');
  const chosen = conversation.labels;
  const shown = (labels.data ?? []).filter((label) => label.title.includes(search.trim().toLowerCase()));
  const toggle = (title: string) => actions.setLabels.mutate(chosen.includes(title) ? chosen.filter((l) => l !== title) : [...chosen, title]);
  return (
    <Menu
      label={t('CONVERSATION.LABELS.ADD')}
      wide
      // the header's icon sits at the end of a toolbar; the details column's button at the start of its row
      align={variant === 'icon' ? 'end' : 'start'}
      triggerClassName={variant === 'icon' ? 'cw-icon-button' : 'cw-add-button'}
      trigger={
        variant === 'icon' ? (
          <Icon name="tag" size={17} />
        ) : (
          <>
            <Icon name="tag" size={13} />
            {t('CONVERSATION.LABELS.ADD')}
          </>
        )
      }
    >
      {() => (
        <>
          <input
            className="cw-menu__search"
            type="search"
            placeholder={t('CONVERSATION.LABELS.SEARCH')}
            aria-label={t('CONVERSATION.LABELS.SEARCH')}
            value={search}
            onChange={(e) => setSearch(e.target.value)}
          />
          {shown.map((label) => (
            <MenuItem key={label.id} kind="checkbox" checked={chosen.includes(label.title)} onSelect={() => toggle(label.title)}>
              <span className="cw-label__dot" style={{ background: label.color }} aria-hidden="true" />
              <span className="cw-menu__grow">{label.title}</span>
            </MenuItem>
          ))}
          {labels.isSuccess && labels.data.length === 0 ? <p className="cw-menu__note">{t('CONVERSATION.LABELS.NO_LABELS')}</p> : null}
        </>
      )}
    </Menu>
  );
}
