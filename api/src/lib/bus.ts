/**
 * How a chat event posted through one API process reaches the sockets of every process.
 *
 * - PostgreSQL (`DATABASE_URL`, several processes): `pg_notify` on one channel; each process
 *   keeps one dedicated connection that LISTENs and hands what it hears to its own hub. The
 *   publishing process delivers to its own sockets at once and ignores its own notifications.
 *   A NOTIFY payload is limited to 8000 bytes: a longer event is sent as a reference (ids only)
 *   and each process reads the message from the database.
 *   When the listening connection drops, it reconnects with backoff and, once listening again,
 *   tells its sockets to `resync` (notifications sent meanwhile were lost).
 * - PGlite (one process by construction): in-process delivery.
 */
import { randomUUID } from 'node:crypto';
import pg from 'pg';
import type { ChatMessage } from '@scholars/shared-contracts/schemas';

export const CHAT_CHANNEL = 'scholars_chat';
/** Bytes a notification may carry (PostgreSQL's limit is 8000, keep a margin). */
export const NOTIFY_MAX_BYTES = 7500;

export type ChatEvent =
  | { kind: 'message' | 'deleted'; research_id: number; message: ChatMessage }
  /** Too large for a notification: the receiver loads message `message_id`. */
  | { kind: 'message' | 'deleted'; research_id: number; message_id: number };

export interface ChatBusListener {
  /** An event from any process (the local one included). */
  onEvent(event: ChatEvent): void;
  /** Events may have been lost (the listening connection dropped and came back). */
  onResync(): void;
}

export interface ChatBus {
  readonly kind: 'local' | 'postgres';
  start(listener: ChatBusListener): Promise<void>;
  /** Delivers locally at once and to the other processes. */
  publish(event: ChatEvent & { message: ChatMessage }): Promise<void>;
  close(): Promise<void>;
}

/** One process: events go straight to the listener. */
export class LocalChatBus implements ChatBus {
  readonly kind = 'local' as const;
  private listener: ChatBusListener | undefined;

  async start(listener: ChatBusListener) {
    this.listener = listener;
  }

  async publish(event: ChatEvent & { message: ChatMessage }) {
    this.listener?.onEvent(event);
  }

  async close() {
    this.listener = undefined;
  }
}

interface Envelope {
  /** Sending process. */
  o: string;
  e: ChatEvent;
}

export interface PgChatBusOptions {
  /** Where to publish (`SELECT pg_notify`). */
  pool: pg.Pool;
  /** Connection settings of the dedicated listening connection. Default: the pool's. */
  clientConfig?: pg.ClientConfig;
  channel?: string;
  log?: { info(obj: object, msg?: string): void; warn(obj: object, msg?: string): void; error(obj: object, msg?: string): void };
  /** Reconnect delays of the listening connection: from `minDelayMs` doubling to `maxDelayMs`. */
  minDelayMs?: number;
  maxDelayMs?: number;
}

/** Several processes on one PostgreSQL: LISTEN/NOTIFY. */
export class PgChatBus implements ChatBus {
  readonly kind = 'postgres' as const;
  /** This process, as named in the notifications it sends. */
  readonly origin = randomUUID();
  private readonly channel: string;
  private listener: ChatBusListener | undefined;
  private client: pg.Client | undefined;
  private closed = false;
  private attempt = 0;
  private reconnectTimer: ReturnType<typeof setTimeout> | undefined;

  constructor(private readonly options: PgChatBusOptions) {
    this.channel = options.channel ?? CHAT_CHANNEL;
    if (!/^[a-z_][a-z0-9_]*$/.test(this.channel)) throw new Error(`invalid channel name ${this.channel}`);
  }

  /** Resolves once listening (the first time); later drops are retried in the background. */
  async start(listener: ChatBusListener) {
    this.listener = listener;
    await this.connect(false);
  }

  async publish(event: ChatEvent & { message: ChatMessage }) {
    // Local sockets first: they must not wait for the database round trip.
    this.listener?.onEvent(event);
    let payload = JSON.stringify({ o: this.origin, e: event } satisfies Envelope);
    if (Buffer.byteLength(payload) > NOTIFY_MAX_BYTES) {
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
  }

  private async connect(isReconnect: boolean): Promise<void> {
    const client = new pg.Client(this.options.clientConfig ?? (this.options.pool.options as pg.ClientConfig));
    client.on('notification', (message) => this.onNotification(message));
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
      this.options.log?.info({ channel: this.channel }, 'chat notifications listening again');
      this.listener?.onResync();
    }
  }

  private onLost(client: pg.Client, error: Error | undefined) {
    if (this.closed || this.client !== client) return;
    this.client = undefined;
    client.removeAllListeners();
    client.on('error', () => undefined);
    client.end().catch(() => undefined);
    this.options.log?.warn({ err: error }, 'chat notification connection lost; reconnecting');
    this.scheduleReconnect(error);
  }

  private scheduleReconnect(error: unknown) {
    if (this.closed) return;
    const min = this.options.minDelayMs ?? 250;
    const max = this.options.maxDelayMs ?? 10_000;
    const delay = Math.min(max, min * 2 ** this.attempt) * (0.5 + Math.random() / 2);
    this.attempt += 1;
    if (this.attempt > 1) this.options.log?.warn({ err: error, attempt: this.attempt, delay }, 'chat notifications: retrying');
    this.reconnectTimer = setTimeout(() => {
      this.reconnectTimer = undefined;
      void this.connect(true);
    }, delay);
    this.reconnectTimer.unref?.();
  }

  private onNotification(message: pg.Notification) {
    if (message.channel !== this.channel || !message.payload) return;
    let envelope: Envelope;
    try {
      envelope = JSON.parse(message.payload) as Envelope;
    } catch {
      this.options.log?.error({ payload: message.payload.slice(0, 200) }, 'chat notification is not JSON');
      return;
    }
    if (envelope.o === this.origin) return;
    this.listener?.onEvent(envelope.e);
  }
}
