/**
 * The chat rooms of one API process: which open sockets follow which research, and delivery to
 * them. Delivery never waits for a socket: each frame is serialized once and handed to every
 * socket of the room; a socket whose unsent data (its send buffer) would pass `maxBufferedBytes`
 * is a slow or dead client and is disconnected at once (close code 4409), so it can never hold
 * the others up or make the process buffer without bound. A client that reconnects fetches what
 * it missed (`after=<last id>`).
 *
 * A heartbeat pings every socket; one that did not answer the previous ping is terminated.
 */
import { CHAT_CLOSE_CODES, type ChatServerFrame } from '@scholars/shared-contracts/schemas';

/** What the hub needs of a socket (a `ws` WebSocket satisfies it; tests use fakes). */
export interface HubSocket {
  readonly readyState: number;
  /** Bytes queued but not yet written to the network. */
  readonly bufferedAmount: number;
  /** A text frame; a Buffer holds UTF-8 text already encoded (`binary: false`). */
  send(data: string | Buffer, options?: { binary?: boolean }): void;
  close(code?: number, reason?: string): void;
  terminate(): void;
  ping?(): void;
}

const OPEN = 1;

export interface HubLogger {
  info(obj: object, msg?: string): void;
  warn(obj: object, msg?: string): void;
}

export interface ChatHubOptions {
  /** Largest send buffer a socket may have before it is disconnected. Default 1 MiB. */
  maxBufferedBytes?: number;
  /** Rooms one socket may follow. Default 10. */
  maxRoomsPerSocket?: number;
  /** Sockets one user may have open on this process. Default 20. */
  maxSocketsPerUser?: number;
  /** Heartbeat period; 0 disables it. Default 30 s. */
  heartbeatMs?: number;
  log?: HubLogger;
  /** A user came into a room or left it (their first socket followed it, or their last one stopped). */
  onPresenceChange?: (researchId: number) => void;
}

/** One connected socket. `userId` is null until it authenticated. */
export class ChatClient {
  userId: number | null = null;
  readonly rooms = new Set<number>();
  alive = true;
  closed = false;

  constructor(
    readonly socket: HubSocket,
    private readonly hub: ChatHub,
  ) {}

  /** Sends a frame now, or disconnects the client when its buffer is full. */
  send(frame: ChatServerFrame): boolean {
    return this.sendRaw(JSON.stringify(frame));
  }

  /** `data`: a frame serialized once for every receiver (UTF-8 bytes), or a string for this one. */
  sendRaw(data: string | Buffer): boolean {
    if (this.closed || this.socket.readyState !== OPEN) return false;
    const size = typeof data === 'string' ? Buffer.byteLength(data) : data.length;
    if (this.socket.bufferedAmount + size > this.hub.maxBufferedBytes) {
      this.hub.dropSlow(this);
      return false;
    }
    if (typeof data === 'string') this.socket.send(data);
    else this.socket.send(data, { binary: false });
    return true;
  }

  close(code: number, reason: string) {
    if (this.closed) return;
    this.closed = true;
    this.hub.remove(this);
    try {
      this.socket.close(code, reason);
    } catch {
      this.socket.terminate();
    }
  }
}

export interface HubStats {
  sockets: number;
  rooms: number;
  delivered: number;
  droppedSlow: number;
}

export class ChatHub {
  readonly maxBufferedBytes: number;
  readonly maxRoomsPerSocket: number;
  readonly maxSocketsPerUser: number;
  private readonly rooms = new Map<number, Set<ChatClient>>();
  private readonly clients = new Set<ChatClient>();
  private readonly perUser = new Map<number, number>();
  private readonly log: HubLogger | undefined;
  private readonly onPresenceChange: ((researchId: number) => void) | undefined;
  private heartbeat: ReturnType<typeof setInterval> | undefined;
  private delivered = 0;
  private droppedSlow = 0;

  constructor(options: ChatHubOptions = {}) {
    this.maxBufferedBytes = options.maxBufferedBytes ?? 1024 * 1024;
    this.maxRoomsPerSocket = options.maxRoomsPerSocket ?? 10;
    this.maxSocketsPerUser = options.maxSocketsPerUser ?? 20;
    this.log = options.log;
    this.onPresenceChange = options.onPresenceChange;
    const heartbeatMs = options.heartbeatMs ?? 30_000;
    if (heartbeatMs > 0) {
      this.heartbeat = setInterval(() => this.beat(), heartbeatMs);
      this.heartbeat.unref?.();
    }
  }

  /** A new socket (not yet authenticated, in no room). */
  connect(socket: HubSocket): ChatClient {
    const client = new ChatClient(socket, this);
    this.clients.add(client);
    return client;
  }

  /** Marks the client as `userId`'s; false when that user already has too many sockets here. */
  identify(client: ChatClient, userId: number): boolean {
    if (client.userId === userId) return true;
    if (client.userId !== null) return false;
    const count = this.perUser.get(userId) ?? 0;
    if (count >= this.maxSocketsPerUser) return false;
    this.perUser.set(userId, count + 1);
    client.userId = userId;
    return true;
  }

  /** Follows a room; false when the socket already follows too many. */
  join(client: ChatClient, researchId: number): boolean {
    if (client.closed) return false;
    if (!client.rooms.has(researchId) && client.rooms.size >= this.maxRoomsPerSocket) return false;
    client.rooms.add(researchId);
    let room = this.rooms.get(researchId);
    if (!room) {
      room = new Set();
      this.rooms.set(researchId, room);
    }
    if (room.has(client)) return true;
    const arrived = client.userId !== null && !this.userIn(room, client.userId);
    room.add(client);
    if (arrived) this.presenceChanged(researchId);
    return true;
  }

  leave(client: ChatClient, researchId: number) {
    client.rooms.delete(researchId);
    const room = this.rooms.get(researchId);
    if (!room || !room.delete(client)) return;
    if (room.size === 0) this.rooms.delete(researchId);
    if (client.userId !== null && !this.userIn(room, client.userId)) this.presenceChanged(researchId);
  }

  /** The users who follow a room on this process (each once, whatever their number of sockets). */
  roomUsers(researchId: number): number[] {
    const users = new Set<number>();
    for (const client of this.rooms.get(researchId) ?? []) if (client.userId !== null) users.add(client.userId);
    return [...users];
  }

  /** Rooms followed by at least one socket on this process. */
  roomIds(): number[] {
    return [...this.rooms.keys()];
  }

  private userIn(room: Set<ChatClient>, userId: number): boolean {
    for (const other of room) if (other.userId === userId) return true;
    return false;
  }

  private presenceChanged(researchId: number) {
    try {
      this.onPresenceChange?.(researchId);
    } catch (error) {
      this.log?.warn({ err: error }, 'chat presence listener failed');
    }
  }

  /** Forgets the client (its socket closed). */
  remove(client: ChatClient) {
    if (!this.clients.delete(client)) return;
    for (const researchId of [...client.rooms]) this.leave(client, researchId);
    if (client.userId !== null) {
      const count = (this.perUser.get(client.userId) ?? 1) - 1;
      if (count > 0) this.perUser.set(client.userId, count);
      else this.perUser.delete(client.userId);
    }
  }

  /** Sends a frame to every socket following `researchId`; returns how many got it. */
  deliver(researchId: number, frame: ChatServerFrame): number {
    const room = this.rooms.get(researchId);
    if (!room || room.size === 0) return 0;
    // Serialized and encoded once, whatever the number of receivers.
    const data = Buffer.from(JSON.stringify(frame));
    let sent = 0;
    // A copy: dropping a slow client edits the room while we go through it.
    for (const client of [...room]) if (client.sendRaw(data)) sent += 1;
    this.delivered += sent;
    return sent;
  }

  /** Sends a frame to every authenticated socket (e.g. `resync` after lost notifications). */
  broadcast(frame: ChatServerFrame): number {
    const data = Buffer.from(JSON.stringify(frame));
    let sent = 0;
    for (const client of [...this.clients]) if (client.userId !== null && client.sendRaw(data)) sent += 1;
    return sent;
  }

  /** Disconnects a client whose send buffer is full. */
  dropSlow(client: ChatClient) {
    if (client.closed) return;
    this.droppedSlow += 1;
    this.log?.warn({ userId: client.userId, buffered: client.socket.bufferedAmount }, 'chat socket too slow: disconnected');
    client.closed = true;
    this.remove(client);
    // Its buffer is full: a close frame would queue behind it. Cut the connection.
    client.socket.terminate();
  }

  /** Closes every socket of `userId` on this process (their sessions ended); returns how many. */
  closeUser(userId: number, code: number, reason: string): number {
    let closed = 0;
    for (const client of [...this.clients]) {
      if (client.userId !== userId) continue;
      client.close(code, reason);
      closed += 1;
    }
    return closed;
  }

  /** Sockets of the room (tests, stats). */
  roomSize(researchId: number): number {
    return this.rooms.get(researchId)?.size ?? 0;
  }

  stats(): HubStats {
    return { sockets: this.clients.size, rooms: this.rooms.size, delivered: this.delivered, droppedSlow: this.droppedSlow };
  }

  /** Closes every socket (server shutting down: clients reconnect elsewhere) and stops the heartbeat. */
  close() {
    if (this.heartbeat) clearInterval(this.heartbeat);
    this.heartbeat = undefined;
    for (const client of [...this.clients]) client.close(CHAT_CLOSE_CODES.goingAway, 'server shutting down');
  }

  private beat() {
    for (const client of [...this.clients]) {
      if (!client.alive) {
        client.closed = true;
        this.remove(client);
        client.socket.terminate();
        continue;
      }
      client.alive = false;
      try {
        client.socket.ping?.();
      } catch {
        // A socket failing to ping is dealt with at the next beat.
      }
    }
  }
}
