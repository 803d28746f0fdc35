import { useRef, useState } from 'react';
import type { Conversation } from '@app/shared/conversations';
import { Button } from '../../../components/button.tsx';
import { t, type MessageKey } from '../../../lib/i18n/i18n.ts';
import { runShortcut, useShortcut } from '../../../lib/shortcuts/index.ts';
import type { useConversationActions } from '../hooks/use-conversation-actions.ts';
import { SNOOZE_OPTIONS, snoozeUntil } from '../utils/snooze.ts';
import { Icon } from './icon.tsx';
import { Menu, MenuHeading, MenuItem, MenuSeparator } from './menu.tsx';
import { SnoozeDialog } from './snooze-dialog.tsx';

type StatusActionsProps = { conversation: Conversation; actions: ReturnType<typeof useConversationActions> };

/**
 * Resolve (or Reopen) with a menu of the other statuses: pending and the snooze choices (001 section 7:
 * toggle_status with snoozed_until). A custom snooze time opens a dialog. Shortcuts (000 section 9): Alt+E
 * resolves, Mod+Alt+E resolves and opens the next conversation of the list, Alt+M opens this menu to snooze.
 */
export function StatusActions({ conversation, actions }: StatusActionsProps) {
  const [customSnooze, setCustomSnooze] = useState(false);
  const { toggleStatus } = actions;
  const status = conversation.status;
  const primary = status === 'open' ? 'resolved' : 'open';
  const root = useRef<HTMLDivElement>(null);
  const resolve = () => {
    if (status !== 'resolved' && !toggleStatus.isPending) toggleStatus.mutate({ status: 'resolved' });
  };
  useShortcut('resolve', resolve);
  useShortcut('resolve-and-next', () => {
    resolve();
    runShortcut('next-conversation');
  });
  useShortcut('snooze', () => root.current?.querySelector<HTMLButtonElement>('.cw-split__toggle')?.click());
  return (
    <div className="cw-split" ref={root}>
      <Button
        size="small"
        variant={primary === 'resolved' ? 'primary' : 'secondary'}
        className="cw-split__main"
        loading={toggleStatus.isPending}
        onClick={() => toggleStatus.mutate({ status: primary })}
      >
        <Icon name={primary === 'resolved' ? 'check' : 'reopen'} size={15} />
        {primary === 'resolved' ? t('CONVERSATION.HEADER.RESOLVE') : t('CONVERSATION.HEADER.REOPEN')}
      </Button>
      <Menu
        label={t('CONVERSATION.HEADER.MORE_STATUS')}
        triggerClassName={`button button--small cw-split__toggle ${primary === 'resolved' ? 'button--primary' : 'button--secondary'}`}
        trigger={<Icon name="chevronDown" size={14} />}
      >
        {(close) => (
          <>
            {status !== 'resolved' && status !== 'open' ? (
              <MenuItem onSelect={() => (close(), toggleStatus.mutate({ status: 'resolved' }))}>
                <Icon name="check" />
                {t('CONVERSATION.HEADER.RESOLVE')}
              </MenuItem>
            ) : null}
            {status !== 'pending' ? (
              <MenuItem onSelect={() => (close(), toggleStatus.mutate({ status: 'pending' }))}>
                <Icon name="pause" />
                {t('CONVERSATION.HEADER.PENDING')}
              </MenuItem>
            ) : null}
            <MenuSeparator />
            <MenuHeading>{t('CONVERSATION.HEADER.SNOOZE')}</MenuHeading>
            {SNOOZE_OPTIONS.map((option) => (
              <MenuItem
                key={option}
                onSelect={() => {
                  close();
                  if (option === 'until_custom_time') setCustomSnooze(true);
                  else toggleStatus.mutate({ status: 'snoozed', snoozedUntil: snoozeUntil(option) });
                }}
              >
                <Icon name="clock" />
                {t(`CONVERSATION.SNOOZE.${option}` as MessageKey)}
              </MenuItem>
            ))}
          </>
        )}
      </Menu>
      <SnoozeDialog
        show={customSnooze}
        onClose={() => setCustomSnooze(false)}
        onSnooze={(until) => {
          setCustomSnooze(false);
          toggleStatus.mutate({ status: 'snoozed', snoozedUntil: until });
        }}
      />
    </div>
  );
}
