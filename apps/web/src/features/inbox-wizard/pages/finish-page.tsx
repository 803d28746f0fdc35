import { Link, useParams } from 'react-router';
import type { Inbox } from '@app/shared/inboxes';
import { CodeSnippet } from '../../../components/code-snippet.tsx';
import { SettingsQueryState } from '../../../components/settings-page.tsx';
import { t } from '../../../lib/i18n/i18n.ts';
import { accountPath } from '../../../lib/routing.ts';
import { useCurrentAccount } from '../../auth/index.ts';
import { useInbox } from '../api.ts';
import { InboxMissing } from '../components/inbox-missing.tsx';

/** What a new inbox's owner needs next: the widget script, or the API channel's identifiers. */
function ChannelDetails({ inbox }: { inbox: Inbox }) {
  if (inbox.channel_type === 'Channel::WebWidget' && inbox.web_widget_script) {
    return (
      <div className="wizard-finish__details">
        <p>{t('INBOX_MGMT.ADD.FINISH.WEBSITE')}</p>
        <CodeSnippet code={inbox.web_widget_script} language="html" label={t('INBOX_MGMT.ADD.FINISH.WEBSITE_LABEL')} />
      </div>
    );
  }
  if (inbox.channel_type === 'Channel::Api') {
    return (
      <div className="wizard-finish__details">
        <p>{t('INBOX_MGMT.ADD.FINISH.API')}</p>
        <CodeSnippet code={inbox.inbox_identifier ?? ''} language="text" label={t('INBOX_MGMT.ADD.FINISH.INBOX_IDENTIFIER')} />
        <CodeSnippet code={inbox.hmac_token ?? ''} language="text" label={t('INBOX_MGMT.ADD.FINISH.HMAC_TOKEN')} />
        {inbox.webhook_url ? (
          <CodeSnippet code={inbox.webhook_url} language="text" label={t('INBOX_MGMT.ADD.FINISH.WEBHOOK_URL')} />
        ) : (
          <p className="muted">{t('INBOX_MGMT.ADD.FINISH.NO_WEBHOOK')}</p>
        )}
      </div>
    );
  }
  if (inbox.channel_type === 'Channel::Email' && inbox.email) {
    return <p className="wizard-finish__details">{t('INBOX_MGMT.ADD.FINISH.EMAIL', { email: inbox.email })}</p>;
  }
  return null;
}

/** settings/inboxes/new/{inbox_id}/finish (settings_inbox_finish, S1-2.06): the inbox is ready. */
export function FinishPage() {
  const { account } = useCurrentAccount();
  const inboxId = Number(useParams().inbox_id) || 0;
  const inbox = useInbox(account.id, inboxId);
  if (inbox.isError && (inbox.error as { status?: number }).status === 404) return <InboxMissing />;
  return (
    <SettingsQueryState query={inbox}>
      {inbox.data ? (
        <section className="wizard-finish" aria-labelledby="finish-title">
          <span className="wizard-finish__badge" aria-hidden="true">
            <svg width="28" height="28" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2.5" strokeLinecap="round" strokeLinejoin="round" focusable="false">
              <path d="M5 12.5l4.5 4.5L19 7.5" />
            </svg>
          </span>
          <h2 id="finish-title">{t('INBOX_MGMT.ADD.FINISH.TITLE')}</h2>
          <p className="muted">{t('INBOX_MGMT.ADD.FINISH.MESSAGE', { name: inbox.data.name })}</p>
          <ChannelDetails inbox={inbox.data} />
          <div className="wizard-finish__actions">
            <Link className="button button--secondary" to={accountPath(account.id, `settings/inboxes/${inbox.data.id}`)}>
              {t('INBOX_MGMT.ADD.FINISH.SETTINGS')}
            </Link>
            <Link className="button button--primary" to={accountPath(account.id, `inbox/${inbox.data.id}`)}>
              {t('INBOX_MGMT.ADD.FINISH.GO_TO_INBOX')}
            </Link>
          </div>
          <Link className="wizard-finish__another" to={accountPath(account.id, 'settings/inboxes/new')}>
            {t('INBOX_MGMT.ADD.FINISH.ANOTHER')}
          </Link>
        </section>
      ) : null}
    </SettingsQueryState>
  );
}
