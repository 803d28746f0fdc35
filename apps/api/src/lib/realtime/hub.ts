import type { Socket } from 'node:net';
import { WebSocket } from 'ws';
import type { Executor } from '@app/db';
import type { EventBus } from '../event-bus.ts';
import type { Logger } from '../logger.ts';
import { availabilityOf, conversationStateOf, findAccess, findAccessByToken, sessionLives } from './directory.ts';
import { confirmFrame, eventFrame, messageJson, parseCommand, parseIdentifier, pingFrame, rejectFrame, welcomeFrame } from './protocol.ts';
import { canSee, observe, type Subscriber } from './scope.ts';
import { createTypingTimers } from './typing-timers.ts';
import type { Backbone, Envelope, RealtimeEvent } from './types.ts';

export type HubOptions = {
  db: Executor;
  bus: EventBus;
  backbone: Backbone;
  log: Logger;
  /** How long a typing indicator lasts without a new typing event (000 section 7: 30 s). */
  typingTimeoutMs?: number | undefined;
  pingIntervalMs?: number;
  /**
   * A socket with more than this sent to it and not read is dropped rather than waited for: at once when this
   * process holds that much for it, at the next ping when the client had a whole ping interval to read it.
   */
  maxUnreadBytes?: number;
  /** Pings a socket may leave unanswered before it is terminated. */
  maxMissedPongs?: number;
  /** How often a resync for accounts whose events could not be published is tried again. */
  resyncRetryMs?: number;
};

/** The dashboard session a socket was opened in (its cookie came with the handshake), checked when it opened. */
export type CableSession = { id: number; userId: number };

type Connection = {
  socket: WebSocket;
  /** The TCP socket under it, reset when the client is dropped. */
  tcp: Socket;
  subscriptions: Map<string, Subscription>;
  /** Bytes of frames handed to the socket so far. */
  sent: number;
  /** `sent` when each unanswered ping went out, oldest first. */
  pings: number[];
  /**
   * `sent` at the last answered ping: a client answers a ping only after reading what was sent before it,
   * so this much has left the kernel's buffers. The rest may sit in them (megabytes) unread.
   */
  read: number;
  /** The dashboard session it was opened in, if any: a `user:logout` leaves the sockets of a live session open. */
  session: CableSession | null;
};

type Subscription = Subscriber & {
  identifier: string;
  /** The pubsub token it subscribed with: a `user:logout` ends it only once that token is no longer the user's. */
  pubsubToken: string;
  connection: Connection;
  /** Live events wait here while the replay is being sent. */
  pending: Envelope[] | null;
  /** The account's seq this subscription is caught up to: sent to it, or passed as out of its scope. */
  caughtUpTo: number;
  /** Whether this subscription counts its user online (only after its replay finished). */
  counted: boolean;
};


/** How long presence changes of one account are gathered before they are announced. */
const PRESENCE_COALESCE_MS = 250;
/**
 * The sockets of this process: ActionCable handshake and subscriptions, per-subscriber scoping,
 * replay on reconnect, presence. Every event reaches it through the backbone, whichever process caused it.
 */
export class Hub {
  /** Tunable at runtime (tests shorten it). */
  typingTimeoutMs: number;
  private readonly options: Required<Omit<HubOptions, 'typingTimeoutMs'>>;
  private readonly connections = new Set<Connection>();
  private readonly byAccount = new Map<number, Set<Subscription>>();
  private readonly typing;
  private readonly unsubscribeBus: () => void;
  private readonly pinger: NodeJS.Timeout;
  private closing = false;

  constructor(options: HubOptions) {
    this.typingTimeoutMs = options.typingTimeoutMs ?? 30_000;
    this.options = { pingIntervalMs: 3000, maxUnreadBytes: 1024 * 1024, maxMissedPongs: 3, resyncRetryMs: 1000, ...options };
    const { backbone, bus } = this.options;
    this.typing = createTypingTimers({
      timeoutMs: () => this.typingTimeoutMs,
      origin: backbone.origin,
      expire: (event) => bus.publish(event),
    });
    backbone.onEnvelope((envelope) => this.deliver(envelope));
    backbone.onReconnect(() => void this.catchUp());
    backbone.onPresenceChanged((accountId) => this.publishPresence(accountId));
    this.unsubscribeBus = bus.subscribe((event) => this.publish(event));
    this.pinger = setInterval(() => this.heartbeat(), this.options.pingIntervalMs);
    this.pinger.unref();
  }

  /**
   * An event that cannot be published (Redis down) has no seq, so no client would ever see a gap:
   * its account is remembered and gets a `resync.required` once publishing works again.
   */
  private publish(event: RealtimeEvent) {
    // A logout is for the sockets open now: replayed to a later sign-in's socket it would end that session too.
    // A participants change is for the hubs only (never sent to a client): it needs no seq.
    const ephemeral = event.name === 'user:logout' || event.name === 'conversation.participants_changed';
    this.options.backbone.publish(event, { ephemeral }).catch((err: unknown) => {
      this.options.log.error({ err, event: event.name, accountId: event.accountId }, 'realtime: publish failed, the account will be resynced');
      this.lost.add(event.accountId);
      this.retryResyncs();
    });
  }

  /** Accounts with events this process could not publish, waiting for their resync. */
  private readonly lost = new Set<number>();
  private resyncTimer: NodeJS.Timeout | undefined;

  private retryResyncs() {
    if (this.resyncTimer || this.closing) return;
    this.resyncTimer = setTimeout(() => {
      this.resyncTimer = undefined;
      void this.publishResyncs();
    }, this.options.resyncRetryMs);
    this.resyncTimer.unref();
  }

  private async publishResyncs() {
    for (const accountId of [...this.lost]) {
      if (this.closing) return;
      try {
        await this.options.backbone.publish({ name: 'resync.required', accountId, data: { account_id: accountId, last_seq: null } });
        this.lost.delete(accountId);
      } catch (err) {
        this.options.log.warn({ err, accountId }, 'realtime: resync not published yet');
        break;
      }
    }
    if (this.lost.size > 0) this.retryResyncs();
  }

  /**
   * Takes over a freshly upgraded socket (`tcp`: the connection it was upgraded on), opened in `session` when the
   * dashboard's session cookie came with it.
   */
  attach(socket: WebSocket, tcp: Socket, session: CableSession | null = null) {
    const connection: Connection = { socket, tcp, subscriptions: new Map(), sent: 0, pings: [], read: 0, session };
    this.connections.add(connection);
    socket.on('pong', () => {
      connection.read = connection.pings.shift() ?? connection.read;
    });
    socket.on('message', (raw) => {
      void this.onMessage(connection, raw.toString()).catch((err: unknown) => this.options.log.error({ err }, 'realtime: command failed'));
    });
    socket.on('error', (err) => this.options.log.debug({ err }, 'realtime: socket error'));
    socket.on('close', () => this.detach(connection));
    this.send(connection, welcomeFrame());
  }

  get connectionCount() {
    return this.connections.size;
  }

  async close() {
    this.closing = true;
    clearTimeout(this.resyncTimer);
    for (const timer of this.presenceDue.values()) clearTimeout(timer);
    this.presenceDue.clear();
    clearInterval(this.pinger);
    this.typing.clear();
    this.unsubscribeBus();
    const leaving: Promise<unknown>[] = [];
    for (const connection of this.connections) {
      for (const sub of connection.subscriptions.values()) if (sub.counted) leaving.push(this.options.backbone.presence(sub.accountId, sub.userId, -1));
      connection.subscriptions.clear();
      connection.socket.terminate();
    }
    this.connections.clear();
    this.byAccount.clear();
    await Promise.allSettled(leaving);
  }

  private async onMessage(connection: Connection, raw: string) {
    const command = parseCommand(raw);
    if (!command) return;
    if (command.command === 'subscribe') return this.subscribe(connection, command.identifier);
    if (command.command === 'unsubscribe') {
      const sub = connection.subscriptions.get(command.identifier);
      if (sub) await this.unsubscribe(sub);
      return;
    }
    // `perform('update_presence')`: answer the caller with the account's presence.
    const sub = connection.subscriptions.get(command.identifier);
    if (sub && command.data?.includes('update_presence')) {
      const data = await this.presenceData(sub.accountId);
      this.send(connection, eventFrame(sub.identifier, messageJson('presence.update', data, sub.caughtUpTo)));
    }
  }

  private async subscribe(connection: Connection, identifier: string) {
    if (connection.subscriptions.has(identifier)) return;
    const room = parseIdentifier(identifier);
    const access = room ? await findAccessByToken(this.options.db, room.pubsub_token, room.account_id) : null;
    if (!room || !access || (room.user_id !== undefined && room.user_id !== access.userId)) {
      this.send(connection, rejectFrame(identifier));
      return;
    }
    const state = await conversationStateOf(this.options.db, access);
    if (connection.socket.readyState !== WebSocket.OPEN) return;
    const sub: Subscription = {
      userId: access.userId,
      access,
      ...state,
      accountId: room.account_id,
      identifier,
      pubsubToken: room.pubsub_token,
      connection,
      pending: room.last_seq === undefined ? null : [],
      caughtUpTo: 0,
      counted: false,
    };
    connection.subscriptions.set(identifier, sub);
    this.accountSubs(sub.accountId).add(sub);
    this.send(connection, confirmFrame(identifier));

    if (room.last_seq !== undefined) await this.replay(sub, room.last_seq);
    // Closed during the replay: detach has already taken the subscription away; do not count it online.
    if (!connection.subscriptions.has(identifier)) return;
    sub.counted = true;
    await this.options.backbone.presence(sub.accountId, sub.userId, 1);
    this.publishPresence(sub.accountId);
  }

  private async replay(sub: Subscription, lastSeq: number) {
    try {
      const result = await this.options.backbone.replay(sub.accountId, lastSeq);
      if (result.kind === 'resync') {
        sub.caughtUpTo = result.seq;
        this.send(sub.connection, eventFrame(sub.identifier, messageJson('resync.required', { account_id: sub.accountId, last_seq: lastSeq }, result.seq)));
      } else {
        // The buffer holds the whole account's events: only those in the subscriber's scope are sent.
        for (const envelope of result.envelopes) if (canSee(sub, envelope.event)) this.sendEnvelope(sub, envelope);
        sub.caughtUpTo = result.envelopes.at(-1)?.seq ?? lastSeq;
      }
    } finally {
      const pending = sub.pending ?? [];
      sub.pending = null;
      for (const envelope of pending) {
        if (!envelope.ephemeral && envelope.seq <= sub.caughtUpTo) continue;
        if (envelope.event.name === 'user:logout') void this.logOut(sub, envelope);
        else this.sendEnvelope(sub, envelope);
        if (!envelope.ephemeral) sub.caughtUpTo = envelope.seq;
      }
    }
  }

  /**
   * The backbone's channel was down (Redis restarted, the connection dropped): events published meanwhile
   * never reached this process. Every subscription replays from where it was, which answers a resync when
   * the buffer does not reach back (or Redis lost it, counter included).
   */
  private async catchUp() {
    for (const subs of [...this.byAccount.values()]) {
      for (const sub of [...subs]) {
        // still replaying (a subscribe in progress): that replay reads the buffer after the reconnect anyway
        if (sub.pending || this.closing) continue;
        sub.pending = [];
        await this.replay(sub, sub.caughtUpTo).catch((err: unknown) => this.options.log.warn({ err, accountId: sub.accountId }, 'realtime: catch-up failed'));
      }
    }
  }

  private async unsubscribe(sub: Subscription) {
    sub.connection.subscriptions.delete(sub.identifier);
    this.byAccount.get(sub.accountId)?.delete(sub);
    if (this.closing || !sub.counted) return;
    sub.counted = false;
    await this.options.backbone.presence(sub.accountId, sub.userId, -1);
    this.publishPresence(sub.accountId);
  }

  private detach(connection: Connection) {
    this.connections.delete(connection);
    for (const sub of [...connection.subscriptions.values()]) {
      void this.unsubscribe(sub).catch((err: unknown) => this.options.log.warn({ err }, 'realtime: presence update failed'));
    }
  }

  private deliver(envelope: Envelope) {
    if (this.closing) return;
    this.typing.observe(envelope);
    const subs = this.byAccount.get(envelope.event.accountId);
    if (!subs) return;
    for (const sub of subs) {
      // what the event says of a conversation counts before it is judged (an assignment to the subscriber)
      const leaving = observe(sub, envelope.event);
      const visible = leaving || canSee(sub, envelope.event);
      if (sub.pending) {
        if (visible) sub.pending.push(envelope);
        continue;
      }
      if (!envelope.ephemeral) {
        // A catch-up replay read from the buffer what the channel may still bring afterwards (seqs follow the
        // channel's order, one Redis script stamps and publishes): sent once already.
        if (envelope.seq <= sub.caughtUpTo) continue;
        sub.caughtUpTo = envelope.seq;
      }
      if (visible && envelope.event.name === 'user:logout') void this.logOut(sub, envelope);
      else if (visible) this.sendEnvelope(sub, envelope);
    }
    // Inbox members or roles changed: re-read the access (and restricted members' conversations) of this account's subscribers.
    if (envelope.event.name === 'account.cache_invalidated') {
      for (const sub of subs) void this.refresh(sub);
    }
  }

  /**
   * A `user:logout` ends the subscriptions made with the token it revoked. One made since with the new token (the
   * session a password reset signs in, a sign-in right after the last sign-out) is left alone: the event may reach
   * this process after that subscription was made. So is one whose socket was opened in a session of the user that
   * still lives: a password change or an access-token reset retires the token of every socket, and only the other
   * sessions' (and session-less clients') must end.
   */
  private async logOut(sub: Subscription, envelope: Envelope) {
    const { session } = sub.connection;
    try {
      if (await findAccessByToken(this.options.db, sub.pubsubToken, sub.accountId)) return;
      if (session?.userId === sub.userId && (await sessionLives(this.options.db, session.id))) return;
    } catch (err) {
      this.options.log.warn({ err, accountId: sub.accountId }, 'realtime: could not check a signed-out token; the subscription ends');
    }
    this.sendEnvelope(sub, envelope);
    this.revoke(sub);
  }

  /** Ends a subscription whose token was revoked, and its socket when nothing else is subscribed on it. */
  private revoke(sub: Subscription) {
    void this.unsubscribe(sub).catch((err: unknown) => this.options.log.warn({ err }, 'realtime: presence update failed'));
    if (sub.connection.subscriptions.size === 0) sub.connection.socket.close(4001, 'signed out');
  }

  private async refresh(sub: Subscription) {
    try {
      const access = await findAccess(this.options.db, sub.accountId, sub.userId);
      if (!access) return await this.unsubscribe(sub);
      const state = await conversationStateOf(this.options.db, access);
      Object.assign(sub, { access, ...state });
    } catch (err) {
      this.options.log.warn({ err, userId: sub.userId }, 'realtime: membership refresh failed');
    }
  }

  /** An event's JSON is made once, however many sockets receive it; only the identifier differs per socket. */
  private readonly messages = new WeakMap<Envelope, string>();

  private sendEnvelope(sub: Subscription, envelope: Envelope) {
    let message = this.messages.get(envelope);
    if (message === undefined) {
      message = messageJson(envelope.event.name, envelope.event.data, envelope.seq);
      this.messages.set(envelope, message);
    }
    this.send(sub.connection, eventFrame(sub.identifier, message));
  }

  /**
   * Never waits on a socket: one this process already holds more than the limit for is dropped, its client
   * reconnects and replays. (ws's bufferedAmount counts only what the kernel has not taken yet: the kernel's
   * send buffer holds up to ~4 MB more, which heartbeat() accounts for through pings.)
   */
  private send(connection: Connection, frame: string) {
    const { socket } = connection;
    if (socket.readyState !== WebSocket.OPEN) return;
    if (socket.bufferedAmount > this.options.maxUnreadBytes) return this.drop(connection, 'queued in the process');
    socket.send(frame);
    connection.sent += Buffer.byteLength(frame);
  }

  /**
   * Resets the TCP connection: a close frame would queue behind the unread data and never arrive (the client
   * sees 1006), and a plain close would leave the kernel holding and retrying the unsent megabytes.
   */
  private drop(connection: Connection, reason: string) {
    if (connection.socket.readyState !== WebSocket.OPEN) return;
    this.options.log.warn({ reason, unread: connection.sent - connection.read, buffered: connection.socket.bufferedAmount }, 'realtime: slow socket dropped');
    try {
      connection.tcp.resetAndDestroy();
    } catch {
      // not a plain TCP socket (TLS served by Node itself): the ordinary close below has to do
    }
    connection.socket.terminate();
  }

  private heartbeat() {
    const frame = pingFrame();
    for (const connection of this.connections) {
      const { pings } = connection;
      // Sent before the last ping, a whole interval ago, and still not read: the client is not reading.
      const lastPing = pings.at(-1);
      if (lastPing !== undefined && lastPing - connection.read > this.options.maxUnreadBytes) {
        this.drop(connection, 'unread for a ping interval');
        continue;
      }
      if (pings.length >= this.options.maxMissedPongs) {
        connection.socket.terminate();
        continue;
      }
      this.send(connection, frame);
      if (connection.socket.readyState !== WebSocket.OPEN) continue;
      connection.socket.ping();
      pings.push(connection.sent);
    }
  }

  /**
   * Presence changes of an account are announced at most every PRESENCE_COALESCE_MS: a team reconnecting
   * after a deploy would otherwise send every member's arrival to every member already there (n² frames).
   * The list is read when it is announced, not when it changed: two processes whose members subscribe at
   * the same time would each announce a list without the other's.
   */
  private readonly presenceDue = new Map<number, NodeJS.Timeout>();

  private publishPresence(accountId: number) {
    if (this.closing || this.presenceDue.has(accountId)) return;
    const timer = setTimeout(() => {
      this.presenceDue.delete(accountId);
      if (this.closing) return;
      void this.presenceData(accountId)
        .then((data) => this.options.backbone.publish({ name: 'presence.update', accountId, data }, { ephemeral: true }))
        .catch((err: unknown) => this.options.log.warn({ err, accountId }, 'realtime: presence update failed'));
    }, PRESENCE_COALESCE_MS);
    timer.unref();
    this.presenceDue.set(accountId, timer);
  }

  /** Who is online in the account on any process, with the availability each set. */
  private async presenceData(accountId: number) {
    const online = await this.options.backbone.online(accountId);
    return { account_id: accountId, users: await availabilityOf(this.options.db, accountId, online), contacts: {} };
  }

  private accountSubs(accountId: number) {
    let subs = this.byAccount.get(accountId);
    if (!subs) this.byAccount.set(accountId, (subs = new Set()));
    return subs;
  }
}
