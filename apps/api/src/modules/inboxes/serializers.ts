import type { Inbox, WorkingHour } from '@app/shared/inboxes';
import { DEFAULT_WIDGET_COLOR } from '@app/shared/constants';
import { providerConfig, type ChannelSecrets } from './channel-payload.ts';
import type { InboxWithChannel } from './queries.ts';

export type InboxView = {
  /** Administrators also see credentials (hmac_token, secret, provider_config). */
  admin: boolean;
  secrets: ChannelSecrets;
  unresponded: number;
  avatarUrl: string;
  /** Where the dashboard and the widget script are served (FRONTEND_URL). */
  baseUrl: string;
};

const str = (value: unknown): string | null => (typeof value === 'string' ? value : null);

/** A string literal safe to put inside a <script> element. */
const scriptLiteral = (value: string) => JSON.stringify(value).replace(/</g, '\\u003c');

/** The snippet a site pastes to load the chat widget of a web widget inbox. */
export function widgetScript(baseUrl: string, websiteToken: string): string {
  return [
    '<script>',
    '  (function (doc, tag) {',
    `    var baseUrl = ${scriptLiteral(baseUrl)};`,
    '    var script = doc.createElement(tag);',
    '    var first = doc.getElementsByTagName(tag)[0];',
    "    script.src = baseUrl + '/packs/js/sdk.js';",
    '    script.async = true;',
    '    script.defer = true;',
    '    script.onload = function () {',
    `      window.chatwootSDK.run({ websiteToken: ${scriptLiteral(websiteToken)}, baseUrl: baseUrl });`,
    '    };',
    '    first.parentNode.insertBefore(script, first);',
    "  })(document, 'script');",
    '</script>',
  ].join('\n');
}

function channelFields({ channel }: InboxWithChannel, view: InboxView): Partial<Inbox> {
  const { settings } = channel;
  const admin = <T>(value: T) => (view.admin ? value : undefined);
  switch (channel.channelType) {
    case 'Channel::WebWidget': {
      const token = channel.identifier ?? '';
      return {
        widget_color: str(settings.widget_color) ?? DEFAULT_WIDGET_COLOR,
        website_url: str(settings.website_url) ?? '',
        welcome_title: str(settings.welcome_title),
        welcome_tagline: str(settings.welcome_tagline),
        website_token: token,
        web_widget_script: widgetScript(view.baseUrl, token),
        hmac_mandatory: settings.hmac_mandatory === true,
        hmac_token: admin(view.secrets.hmac_token ?? ''),
      };
    }
    case 'Channel::Api':
      return {
        webhook_url: str(settings.webhook_url),
        inbox_identifier: channel.identifier ?? '',
        hmac_mandatory: settings.hmac_mandatory === true,
        hmac_token: admin(view.secrets.hmac_token ?? ''),
        secret: admin(view.secrets.secret ?? ''),
      };
    case 'Channel::Email':
      return { email: channel.externalId ?? '' };
    case 'Channel::Sms':
    case 'Channel::Whatsapp':
      return { provider_config: admin(providerConfig(channel, view.secrets)) };
    case 'Channel::TwilioSms':
      return { messaging_service_sid: str(settings.messaging_service_sid) };
    case 'Channel::Line':
      return { line_channel_id: channel.externalId ?? '' };
    case 'Channel::FacebookPage':
      return { page_id: channel.externalId ?? '' };
    default:
      return {};
  }
}

export function serializeInbox(row: InboxWithChannel, view: InboxView): Inbox {
  const { inbox, channel } = row;
  const fields = channelFields(row, view);
  return {
    id: inbox.id,
    name: inbox.name,
    channel_id: channel.id,
    channel_type: channel.channelType,
    avatar_url: view.avatarUrl,
    greeting_enabled: inbox.greetingEnabled,
    greeting_message: inbox.greetingMessage,
    working_hours_enabled: inbox.workingHoursEnabled,
    enable_email_collect: inbox.enableEmailCollect,
    csat_survey_enabled: inbox.csatSurveyEnabled,
    enable_auto_assignment: inbox.enableAutoAssignment,
    auto_assignment_config: inbox.autoAssignmentConfig,
    out_of_office_message: inbox.outOfOfficeMessage,
    working_hours: inbox.workingHours as WorkingHour[],
    timezone: inbox.timezone,
    allow_messages_after_resolved: inbox.allowMessagesAfterResolved,
    lock_to_single_conversation: inbox.lockToSingleConversation,
    sender_name_type: inbox.senderNameType,
    business_name: inbox.businessName,
    provider: channel.provider,
    medium: channel.medium,
    phone_number: channel.phoneNumber,
    reauthorization_required: channel.reauthorizationRequired,
    // WhatsApp template sync arrives with the channel adapters; until then there are none.
    message_templates: [],
    additional_attributes: {},
    unresponded_conversations_count: view.unresponded,
    ...(Object.fromEntries(Object.entries(fields).filter(([, value]) => value !== undefined)) as Partial<Inbox>),
  };
}
