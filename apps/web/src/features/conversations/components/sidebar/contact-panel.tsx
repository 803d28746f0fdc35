import type { Conversation } from '@app/shared/conversations';
import { TintedAvatar } from '../tinted-avatar.tsx';
import { t, type MessageKey } from '../../../../lib/i18n/i18n.ts';
import { Icon, type IconName } from '../icon.tsx';

const text = (value: unknown) => (typeof value === 'string' || typeof value === 'number' ? String(value) : '');

/** The contact: picture, name, how to reach them, where they are, and their custom attributes. */
export function ContactPanel({ conversation }: { conversation: Conversation }) {
  const contact = conversation.meta.sender;
  const extra = contact.additional_attributes;
  const location = [text(extra.city), text(extra.country)].filter(Boolean).join(', ');
  const rows: [IconName, MessageKey, string][] = [
    ['mail', 'CONVERSATION.CONTACT.EMAIL', contact.email ?? ''],
    ['chat', 'CONVERSATION.CONTACT.PHONE', contact.phone_number ?? ''],
    ['hash', 'CONVERSATION.CONTACT.IDENTIFIER', contact.identifier ?? ''],
    ['users', 'CONVERSATION.CONTACT.COMPANY', text(extra.company_name)],
    ['flag', 'CONVERSATION.CONTACT.LOCATION', location],
  ];
  const custom = Object.entries(contact.custom_attributes).filter(([, value]) => text(value));
  return (
    <div className="cw-contact">
      <div className="cw-contact__head">
        <TintedAvatar name={contact.name || '?'} src={contact.thumbnail || null} size="large" />
        <div>
          <p className="cw-contact__name" dir="auto">
            {contact.name}
          </p>
          {text(extra.description) ? <p className="cw-contact__bio">{text(extra.description)}</p> : null}
        </div>
      </div>
      <dl className="cw-details">
        {rows.map(([icon, label, value]) => (
          <div key={label} className="cw-details__row">
            <dt>
              <Icon name={icon} size={13} />
              <span className="cw-visually-hidden">{t(label)}</span>
            </dt>
            <dd className={value ? undefined : 'cw-details__empty'} dir="auto">{value || t('CONVERSATION.CONTACT.NOT_AVAILABLE')}</dd>
          </div>
        ))}
      </dl>
      {custom.length ? (
        <dl className="cw-attributes">
          {custom.map(([key, value]) => (
            <div key={key} className="cw-attributes__row">
              <dt>{key.replace(/_/g, ' ')}</dt>
              <dd>{text(value)}</dd>
            </div>
          ))}
        </dl>
      ) : null}
    </div>
  );
}
