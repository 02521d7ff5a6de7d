/**
 * The bus between API processes: how an event raised in one process reaches every process.
 * It carries the research chat's events (a message posted or removed, who follows a chat), the invalidations of
 * the public read cache (rows of a public table changed), and the end of a user's sessions (a
 * suspension: every process closes that user's chat sockets).
 *
 * - PostgreSQL (`DATABASE_URL`, several processes): `pg_notify` on one channel; each process
 *   keeps one dedicated connection that LISTENs and hands what it hears to its listeners. The
 *   publishing process delivers to its own listeners at once and ignores its own notifications.
 *   A NOTIFY payload is limited to 8000 bytes: a longer chat event is sent as a reference (ids
 *   only) and each process reads the message from the database.
 *   The database itself also publishes: statement triggers on the public tables (migration
 *   0008) send `{ o: 'db', e: { kind: 'invalidate', tables: [name] } }` when their rows change,
 *   whoever changed them (an API process, the seed, an administrator in psql).
 *   When the listening connection drops, it reconnects with backoff and, once listening again,
 *   tells its listeners to `resync` (notifications sent meanwhile were lost).
 * - PGlite (one process by construction): in-process delivery; the triggers' notifications are
 *   heard through PGlite's own `listen` (delivered when the writing statement completes).
 */
import { randomUUID } from 'node:crypto';
import type { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import type { ChatMessage, ChatSettings } from '@scholars/shared-contracts/schemas';

/** The one channel of the bus (named when it carried the chat only; kept for compatibility). */
export const BUS_CHANNEL = 'scholars_chat';
/** @deprecated the bus carries more than the chat: {@link BUS_CHANNEL}. */
export const CHAT_CHANNEL = BUS_CHANNEL;
/** Bytes a notification may carry (PostgreSQL's limit is 8000, keep a margin). */
export const NOTIFY_MAX_BYTES = 7500;
/** `o` of the notifications sent by the database's triggers. */
export const DATABASE_ORIGIN = 'db';

export type ChatEvent =
  | { kind: 'message' | 'deleted'; research_id: number; message: ChatMessage }
  /** Too large for a notification: the receiver loads message `message_id`. */
  | { kind: 'message' | 'deleted'; research_id: number; message_id: number };

/** A research chat's moderation changed (closed, reopened, slow mode): its open chats show it. */
export interface ChatSettingsEvent {
  kind: 'settings';
  research_id: number;
  settings: ChatSettings;
}

/** Rows of these tables changed: what was read from them may be stale. */
export interface InvalidateEvent {
  kind: 'invalidate';
  tables: string[];
}

/** Every session of this user ended (suspended): each process closes the user's open sockets. */
export interface SessionsEndedEvent {
  kind: 'sessions-ended';
  user_id: number;
}

/**
 * Who follows a research's chat on process `origin` now (the whole list, so a repeated or late
 * event is harmless); an empty list: nobody there any more. See lib/chat/presence.ts.
 */
export interface PresenceEvent {
  kind: 'presence';
  origin: string;
  research_id: number;
  user_ids: number[];
}

/** `presence-sync`: a process (starting, or listening again) asks the others to publish their rooms; `presence-gone`: a process stops. */
export type PresenceControlEvent = { kind: 'presence-sync'; origin: string } | { kind: 'presence-gone'; origin: string };

export type BusEvent = ChatEvent | ChatSettingsEvent | InvalidateEvent | SessionsEndedEvent | PresenceEvent | PresenceControlEvent;
/** What a process publishes (a chat event always with its message). */
export type PublishedEvent = (ChatEvent & { message: ChatMessage }) | ChatSettingsEvent | InvalidateEvent | SessionsEndedEvent | PresenceEvent | PresenceControlEvent;

export const isInvalidateEvent = (event: BusEvent): event is InvalidateEvent => event.kind === 'invalidate';
export const isChatSettingsEvent = (event: BusEvent): event is ChatSettingsEvent => event.kind === 'settings';
export const isSessionsEndedEvent = (event: BusEvent): event is SessionsEndedEvent => event.kind === 'sessions-ended';
export const isPresenceEvent = (event: BusEvent): event is PresenceEvent | PresenceControlEvent =>
  event.kind === 'presence' || event.kind === 'presence-sync' || event.kind === 'presence-gone';

export interface BusListener {
  /** An event from any process (the local one included). */
  onEvent(event: BusEvent): void;
  /** Events may have been lost (the listening connection dropped and came back). */
  onResync(): void;
  /** The listening connection dropped: until `onResync`, events from other processes are not heard. */
  onLost?(): void;
}

export interface Bus {
  readonly kind: 'local' | 'postgres';
  /** False while events from other processes cannot be heard (PostgreSQL connection lost). */
  readonly listening: boolean;
  /** Adds a listener; returns its removal. */
  subscribe(listener: BusListener): () => void;
  /** Resolves once listening. */
  start(): Promise<void>;
  /** Delivers locally at once and to the other processes. */
  publish(event: PublishedEvent): Promise<void>;
  close(): Promise<void>;
}

interface Envelope {
  /** Sending process, or {@link DATABASE_ORIGIN}. */
  o: string;
  e: BusEvent;
}

type Log = { info(obj: object, msg?: string): void; warn(obj: object, msg?: string): void; error(obj: object, msg?: string): void };

abstract class BaseBus {
  protected readonly listeners = new Set<BusListener>();
  constructor(protected readonly log?: Log) {}

  subscribe(listener: BusListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  protected emit(event: BusEvent) {
    for (const listener of this.listeners) {
      try {
        listener.onEvent(event);
      } catch (error) {
        this.log?.error({ err: error }, 'bus listener failed');
      }
    }
  }

  protected emitResync() {
    for (const listener of this.listeners) {
      try {
        listener.onResync();
      } catch (error) {
        this.log?.error({ err: error }, 'bus listener failed');
      }
    }
  }

  protected emitLost() {
    for (const listener of this.listeners) {
      try {
        listener.onLost?.();
      } catch (error) {
        this.log?.error({ err: error }, 'bus listener failed');
      }
    }
  }

  /** A notification payload heard on the channel; `ownOrigin` ones are skipped. */
  protected onPayload(payload: string | undefined, ownOrigin?: string) {
    if (!payload) return;
    let envelope: Envelope;
    try {
      envelope = JSON.parse(payload) as Envelope;
    } catch {
      this.log?.error({ payload: payload.slice(0, 200) }, 'bus notification is not JSON');
      return;
    }
    if (ownOrigin !== undefined && envelope.o === ownOrigin) return;
    if (!envelope.e || typeof envelope.e !== 'object') return;
    this.emit(envelope.e);
  }
}

export interface LocalBusOptions {
  /** The embedded database, whose triggers' notifications are heard through `listen`. */
  pglite?: PGlite;
  channel?: string;
  log?: Log;
}

/** One process: events go straight to the listeners (and the embedded database's notifications too). */
export class LocalBus extends BaseBus implements Bus {
  readonly kind = 'local' as const;
  readonly listening = true;
  private unlisten: (() => Promise<void>) | undefined;

  constructor(private readonly options: LocalBusOptions = {}) {
    super(options.log);
  }

  async start() {
    const { pglite } = this.options;
    if (pglite && !this.unlisten) {
      // Only the database's notifications arrive here: this process publishes to its listeners directly.
      this.unlisten = await pglite.listen(this.options.channel ?? BUS_CHANNEL, (payload) => this.onPayload(payload));
    }
  }

  async publish(event: PublishedEvent) {
    this.emit(event);
  }

  async close() {
    const unlisten = this.unlisten;
    this.unlisten = undefined;
    if (unlisten && !this.options.pglite?.closed) await unlisten().catch(() => undefined);
    this.listeners.clear();
  }
}

export interface PgBusOptions {
  /** Where to publish (`SELECT pg_notify`). */
  pool: pg.Pool;
  /** Connection settings of the dedicated listening connection. Default: the pool's. */
  clientConfig?: pg.ClientConfig;
  channel?: string;
  log?: Log;
  /** Reconnect delays of the listening connection: from `minDelayMs` doubling to `maxDelayMs`. */
  minDelayMs?: number;
  maxDelayMs?: number;
}

/** Several processes on one PostgreSQL: LISTEN/NOTIFY. */
export class PgBus extends BaseBus implements Bus {
  readonly kind = 'postgres' as const;
  /** This process, as named in the notifications it sends. */
  readonly origin = randomUUID();
  private readonly channel: string;
  private client: pg.Client | undefined;
  private closed = false;

  get listening(): boolean {
    return this.client !== undefined;
  }
  private attempt = 0;
  private reconnectTimer: ReturnType<typeof setTimeout> | undefined;

  constructor(private readonly options: PgBusOptions) {
    super(options.log);
    this.channel = options.channel ?? BUS_CHANNEL;
    if (!/^[a-z_][a-z0-9_]*$/.test(this.channel)) throw new Error(`invalid channel name ${this.channel}`);
  }

  /** Resolves once listening (the first time); later drops are retried in the background. */
  async start() {
    await this.connect(false);
  }

  async publish(event: PublishedEvent) {
    // Local listeners first: they must not wait for the database round trip.
    this.emit(event);
    let payload = JSON.stringify({ o: this.origin, e: event } satisfies Envelope);
    if (Buffer.byteLength(payload) > NOTIFY_MAX_BYTES && (event.kind === 'message' || event.kind === 'deleted')) {
      const reference: ChatEvent = { kind: event.kind, research_id: event.research_id, message_id: event.message.id };
      payload = JSON.stringify({ o: this.origin, e: reference } satisfies Envelope);
    }
    await this.options.pool.query('SELECT pg_notify($1, $2)', [this.channel, payload]);
  }

  async close() {
    this.closed = true;
    if (this.reconnectTimer) clearTimeout(this.reconnectTimer);
    const client = this.client;
    this.client = undefined;
    if (client) await client.end().catch(() => undefined);
    this.listeners.clear();
  }

  private async connect(isReconnect: boolean): Promise<void> {
    const client = new pg.Client(this.options.clientConfig ?? (this.options.pool.options as pg.ClientConfig));
    client.on('notification', (message) => {
      if (message.channel === this.channel) this.onPayload(message.payload, this.origin);
    });
    client.on('error', (error) => this.onLost(client, error));
    client.on('end', () => this.onLost(client, undefined));
    try {
      await client.connect();
      await client.query(`LISTEN ${this.channel}`);
    } catch (error) {
      client.removeAllListeners('end');
      await client.end().catch(() => undefined);
      if (!isReconnect) throw error;
      this.scheduleReconnect(error);
      return;
    }
    if (this.closed) {
      await client.end().catch(() => undefined);
      return;
    }
    this.client = client;
    this.attempt = 0;
    if (isReconnect) {
      this.options.log?.info({ channel: this.channel }, 'bus notifications listening again');
      this.emitResync();
    }
  }

  private onLost(client: pg.Client, error: Error | undefined) {
    if (this.closed || this.client !== client) return;
    this.client = undefined;
    client.removeAllListeners();
    client.on('error', () => undefined);
    client.end().catch(() => undefined);
    this.options.log?.warn({ err: error }, 'bus notification connection lost; reconnecting');
    // Whatever is published meanwhile is lost.
    this.emitLost();
    this.scheduleReconnect(error);
  }

  private scheduleReconnect(error: unknown) {
    if (this.closed) return;
    const min = this.options.minDelayMs ?? 250;
    const max = this.options.maxDelayMs ?? 10_000;
    const delay = Math.min(max, min * 2 ** this.attempt) * (0.5 + Math.random() / 2);
    this.attempt += 1;
    if (this.attempt > 1) this.options.log?.warn({ err: error, attempt: this.attempt, delay }, 'bus notifications: retrying');
    this.reconnectTimer = setTimeout(() => {
      this.reconnectTimer = undefined;
      void this.connect(true);
    }, delay);
    this.reconnectTimer.unref?.();
  }
}
