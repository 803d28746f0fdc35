import { describe, expectTypeOf, it } from 'vitest';
import type { ContactExportJob, ContactImportJob } from './contact-jobs.ts';
import type { ContactPush } from './contacts.ts';
import type { NotificationDeletedEvent, NotificationEvent } from './notifications.ts';
import type { PaymentImportJob, PaymentRecord, WithdrawIssue } from './payments.ts';
import type {
  CableEvent,
  CableEventName,
  CableMessage,
  CablePayload,
  ConversationEventData,
  MentionEventData,
  MessageEventData,
  PresenceEventData,
  RealtimeEventName,
  ResyncEventData,
  TypingEventData,
} from './events.ts';
import type { CONTACT_EVENTS, CONVERSATION_EVENTS, MESSAGE_EVENTS, NOTIFICATION_EVENTS, PAYMENT_EVENTS, TYPING_EVENTS } from './events-constants.ts';

// Type-level: `pnpm typecheck` fails when these break (vitest only runs them).
describe('typed realtime payloads', () => {
  it('gives every event name its payload, names sharing a DomainEvent member included', () => {
    expectTypeOf<CablePayload<'message.created'>>().toEqualTypeOf<MessageEventData>();
    expectTypeOf<CablePayload<'message.updated'>>().toEqualTypeOf<MessageEventData>();
    expectTypeOf<CablePayload<'conversation.created'>>().toEqualTypeOf<ConversationEventData>();
    expectTypeOf<CablePayload<'assignee.changed'>>().toEqualTypeOf<ConversationEventData>();
    expectTypeOf<CablePayload<'first.reply.created'>>().toEqualTypeOf<ConversationEventData>();
    expectTypeOf<CablePayload<'conversation.typing_off'>>().toEqualTypeOf<TypingEventData>();
    expectTypeOf<CablePayload<'conversation.mentioned'>>().toEqualTypeOf<MentionEventData>();
    expectTypeOf<CablePayload<'contact.deleted'>>().toEqualTypeOf<ContactPush>();
    expectTypeOf<CablePayload<'notification.updated'>>().toEqualTypeOf<NotificationEvent>();
    expectTypeOf<CablePayload<'notification.deleted'>>().toEqualTypeOf<NotificationDeletedEvent>();
    expectTypeOf<CablePayload<'payment_record.updated'>>().toEqualTypeOf<PaymentRecord>();
    expectTypeOf<CablePayload<'withdraw_issue.updated'>>().toEqualTypeOf<WithdrawIssue>();
    expectTypeOf<CablePayload<'payment_import.progress'>>().toEqualTypeOf<PaymentImportJob>();
    expectTypeOf<CablePayload<'contact_import.progress'>>().toEqualTypeOf<ContactImportJob>();
    expectTypeOf<CablePayload<'contact_export.ready'>>().toEqualTypeOf<ContactExportJob>();
    expectTypeOf<CablePayload<'presence.update'>>().toEqualTypeOf<PresenceEventData>();
    expectTypeOf<CablePayload<'resync.required'>>().toEqualTypeOf<ResyncEventData>();
  });

  it('leaves no name of the event groups without a payload', () => {
    type Grouped = (typeof CONVERSATION_EVENTS | typeof MESSAGE_EVENTS | typeof TYPING_EVENTS | typeof CONTACT_EVENTS | typeof NOTIFICATION_EVENTS | typeof PAYMENT_EVENTS)[number];
    expectTypeOf<Grouped>().toExtend<CableEventName>();
    // every name a client listens for (000 section 7) is one it can receive
    expectTypeOf<RealtimeEventName>().toExtend<CableEventName>();
    // and every name the server sends is listed (resync.required is the socket's own, not an event of the account)
    expectTypeOf<Exclude<CableEventName, RealtimeEventName | 'resync.required'>>().toBeNever();
    expectTypeOf<{ [N in CableEventName]: CablePayload<N> }[CableEventName]>().not.toBeNever();
    expectTypeOf<CablePayload<CableEventName>>().not.toBeAny();
  });

  it('narrows data by the event name, in a switch or on a destructured message', () => {
    const handle = (message: CableMessage) => {
      switch (message.event) {
        case 'message.created':
          expectTypeOf(message.data).toEqualTypeOf<MessageEventData>();
          expectTypeOf(message.data.conversation).toEqualTypeOf<{ assignee_id?: number | null; last_activity_at: number } | undefined>();
          return;
        case 'payment_import.progress':
          expectTypeOf(message.data).toEqualTypeOf<PaymentImportJob>();
          return;
      }
      const { event, data } = message;
      if (event === 'contact_export.ready') expectTypeOf(data).toEqualTypeOf<ContactExportJob>();
    };
    expectTypeOf(handle).parameter(0).toEqualTypeOf<CableMessage>();
  });

  it('refuses a payload that is not its event’s, and a received event carries its seq', () => {
    const conversation = {} as ConversationEventData;
    // @ts-expect-error a conversation is not message.created's payload
    const wrong: CableMessage = { event: 'message.created', data: conversation };
    // @ts-expect-error no such event
    const unknown: CableMessage = { event: 'conversation.deleted', data: conversation };
    const right: CableMessage = { event: 'conversation.updated', data: conversation };
    expectTypeOf([wrong, unknown, right]).items.toEqualTypeOf<CableMessage>();
    expectTypeOf<CableEvent['seq']>().toEqualTypeOf<number | null>();
    expectTypeOf<CableEvent<'resync.required'>>().toEqualTypeOf<{ event: 'resync.required'; data: ResyncEventData; seq: number | null }>();
    expectTypeOf<CableEvent>().toExtend<CableMessage>();
  });
});
