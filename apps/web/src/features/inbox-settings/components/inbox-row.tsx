import { Link } from 'react-router';
import type { Inbox } from '@app/shared/inboxes';
import { Avatar } from '../../../components/avatar.tsx';
import { Button } from '../../../components/button.tsx';
import { t } from '../../../lib/i18n/i18n.ts';
import { channelDetail, channelLabelKey } from '../utils/channel.ts';
import { ChannelIcon } from './channel-icon.tsx';

type InboxRowProps = { inbox: Inbox; settingsPath: string; canDelete: boolean; onDelete: () => void };

/** One inbox of the list: picture and name with what identifies its channel, the channel, and its actions. */
export function InboxRow({ inbox, settingsPath, canDelete, onDelete }: InboxRowProps) {
  const detail = channelDetail(inbox);
  return (
    <tr>
      <td>
        <div className="inbox-table__name">
          <Avatar name={inbox.name} src={inbox.avatar_url || null} size="small" />
          <div className="inbox-table__text">
            <Link to={settingsPath} className="inbox-table__link">
              {inbox.name}
            </Link>
            {detail ? <span className="muted inbox-table__detail">{detail}</span> : null}
          </div>
        </div>
      </td>
      <td>
        <span className="inbox-table__channel">
          <ChannelIcon type={inbox.channel_type} size={16} />
          {t(channelLabelKey(inbox))}
        </span>
        {inbox.reauthorization_required ? <span className="inbox-badge inbox-badge--warning">{t('INBOX_MGMT.LIST.REAUTHORIZE')}</span> : null}
      </td>
      <td className="settings-table__actions">
        <Link className="button button--secondary button--small" to={settingsPath} aria-label={t('INBOX_MGMT.LIST.SETTINGS_FOR', { name: inbox.name })}>
          {t('INBOX_MGMT.SETTINGS')}
        </Link>
        {canDelete ? (
          <Button size="small" variant="ghost" className="button--danger-text" onClick={onDelete} aria-label={t('INBOX_MGMT.LIST.DELETE_FOR', { name: inbox.name })}>
            {t('INBOX_MGMT.DELETE.BUTTON_TEXT')}
          </Button>
        ) : null}
      </td>
    </tr>
  );
}
