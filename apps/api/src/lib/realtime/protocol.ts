import { z } from 'zod';

/** The RoomChannel identifier a dashboard client subscribes with (a JSON string inside the command). */
export const RoomIdentifierSchema = z.object({
  channel: z.literal('RoomChannel'),
  pubsub_token: z.string().min(1).max(200),
  account_id: z.coerce.number().int().positive(),
  user_id: z.coerce.number().int().positive().optional(),
  /** The last `message.seq` the client saw before it reconnected. */
  last_seq: z.coerce.number().int().min(0).optional(),
});
export type RoomIdentifier = z.infer<typeof RoomIdentifierSchema>;

export const CommandSchema = z.object({
  command: z.enum(['subscribe', 'unsubscribe', 'message']),
  identifier: z.string().max(2000),
  data: z.string().max(10_000).optional(),
});
export type Command = z.infer<typeof CommandSchema>;

export function parseCommand(raw: string): Command | null {
  try {
    const parsed = CommandSchema.safeParse(JSON.parse(raw));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

export function parseIdentifier(identifier: string): RoomIdentifier | null {
  try {
    const parsed = RoomIdentifierSchema.safeParse(JSON.parse(identifier));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

export const welcomeFrame = () => '{"type":"welcome"}';
export const pingFrame = (now = Date.now()) => JSON.stringify({ type: 'ping', message: Math.floor(now / 1000) });
export const confirmFrame = (identifier: string) => JSON.stringify({ identifier, type: 'confirm_subscription' });
export const rejectFrame = (identifier: string) => JSON.stringify({ identifier, type: 'reject_subscription' });

/** `{identifier, message: {event, data, seq}}`; the message part is serialized once per event and spliced in. */
export const messageJson = (event: string, data: unknown, seq: number) => JSON.stringify({ event, data, seq });
export const eventFrame = (identifier: string, message: string) => `{"identifier":${JSON.stringify(identifier)},"message":${message}}`;
