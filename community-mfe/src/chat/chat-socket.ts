/**
 * The browser side of the live chat socket (protocol: shared-contracts schemas/community.ts).
 *
 * - Authenticates with the access token in its first frame (never in the URL), and again
 *   whenever the token changes (a refresh anywhere on the page) or the server asks (`reauth`).
 * - Reconnects after any close it did not ask for, with exponential backoff and jitter
 *   (0.5 s doubling to 30 s; at once when the browser comes back online). A close for a bad or
 *   expired token (4401) refreshes the token first; a failed refresh ends the session (the API
 *   client sends the user to the login page) and the socket stays closed.
 * - Re-subscribes its rooms after every reconnect; each `subscribed` frame tells the page to
 *   fetch what it missed (`after=<last id>`), as does `resync`.
 * - Sends an application ping every 25 s and reconnects when no answer comes within 10 s (a
 *   connection silently dropped by a network device).
 */
import { CHAT_CLOSE_CODES, chatServerFrameSchema, type ChatClientFrame, type ChatServerFrame } from '@scholars/shared-contracts/schemas';

export type ChatSocketStatus = 'idle' | 'connecting' | 'open' | 'offline';

export type ChatSocketEvent =
  | { type: 'frame'; frame: ChatServerFrame }
  | { type: 'status'; status: ChatSocketStatus };

/** What the client needs of a WebSocket constructor (the browser's; tests give a fake). */
export interface WebSocketLike {
  readonly readyState: number;
  onopen: ((event: unknown) => void) | null;
  onmessage: ((event: { data: unknown }) => void) | null;
  onclose: ((event: { code: number; reason?: string }) => void) | null;
  onerror: ((event: unknown) => void) | null;
  send(data: string): void;
  close(code?: number, reason?: string): void;
}
export type WebSocketFactory = (url: string) => WebSocketLike;

export interface ChatSocketOptions {
  url: () => string;
  /** The current access token (null: signed out). */
  getToken: () => string | null;
  /** A fresh access token (the API client's shared refresh); rejects when the session is over. */
  refreshToken: () => Promise<string>;
  /** Calls the listener when the stored token changes; returns the unsubscribe function. */
  onTokenChange?: (listener: (token: string | null) => void) => () => void;
  createSocket?: WebSocketFactory;
  minDelayMs?: number;
  maxDelayMs?: number;
  pingIntervalMs?: number;
  pongTimeoutMs?: number;
  random?: () => number;
  /** Source of `online` events (window). */
  onlineSource?: Pick<EventTarget, 'addEventListener' | 'removeEventListener'> | null;
}

const OPEN = 1;

export class ChatSocket {
  private socket: WebSocketLike | null = null;
  private readonly rooms = new Set<number>();
  private readonly listeners = new Set<(event: ChatSocketEvent) => void>();
  private status: ChatSocketStatus = 'idle';
  private running = false;
  private ready = false;
  private attempt = 0;
  private reconnectTimer: ReturnType<typeof setTimeout> | undefined;
  private pingTimer: ReturnType<typeof setInterval> | undefined;
  private pongTimer: ReturnType<typeof setTimeout> | undefined;
  private sentToken: string | null = null;
  private unsubscribeToken: (() => void) | undefined;
  private readonly onOnline = () => {
    if (this.running && !this.socket) this.connectNow();
  };

  constructor(private readonly options: ChatSocketOptions) {}

  get currentStatus(): ChatSocketStatus {
    return this.status;
  }

  on(listener: (event: ChatSocketEvent) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  start() {
    if (this.running) return;
    this.running = true;
    this.unsubscribeToken = this.options.onTokenChange?.((token) => this.tokenChanged(token));
    this.options.onlineSource?.addEventListener('online', this.onOnline);
    this.connectNow();
  }

  stop() {
    this.running = false;
    this.unsubscribeToken?.();
    this.unsubscribeToken = undefined;
    this.options.onlineSource?.removeEventListener('online', this.onOnline);
    if (this.reconnectTimer) clearTimeout(this.reconnectTimer);
    this.reconnectTimer = undefined;
    this.dropSocket(1000, 'client closed');
    this.setStatus('idle');
  }

  subscribe(researchId: number) {
    this.rooms.add(researchId);
    if (this.ready) this.send({ type: 'subscribe', research_id: researchId });
  }

  unsubscribe(researchId: number) {
    this.rooms.delete(researchId);
    if (this.ready) this.send({ type: 'unsubscribe', research_id: researchId });
  }

  private emit(event: ChatSocketEvent) {
    for (const listener of [...this.listeners]) {
      try {
        listener(event);
      } catch (error) {
        console.error('[community] chat listener failed', error);
      }
    }
  }

  private setStatus(status: ChatSocketStatus) {
    if (this.status === status) return;
    this.status = status;
    this.emit({ type: 'status', status });
  }

  private send(frame: ChatClientFrame) {
    if (this.socket?.readyState === OPEN) this.socket.send(JSON.stringify(frame));
  }

  private connectNow() {
    if (!this.running || this.socket) return;
    const token = this.options.getToken();
    if (!token) {
      // Signed out: wait for a token (onTokenChange) instead of knocking on the door.
      this.setStatus('offline');
      return;
    }
    this.setStatus(this.attempt === 0 ? 'connecting' : 'offline');
    let socket: WebSocketLike;
    try {
      socket = (this.options.createSocket ?? ((url) => new WebSocket(url) as unknown as WebSocketLike))(this.options.url());
    } catch (error) {
      console.error('[community] chat socket could not be created', error);
      this.scheduleReconnect();
      return;
    }
    this.socket = socket;
    this.ready = false;
    socket.onopen = () => {
      const current = this.options.getToken();
      if (!current) {
        this.dropSocket(1000, 'signed out');
        this.setStatus('offline');
        return;
      }
      this.sentToken = current;
      this.send({ type: 'auth', token: current });
      this.startPing();
    };
    socket.onmessage = (event) => this.onFrame(event.data);
    socket.onerror = () => {
      // A close event follows; reconnecting is decided there.
    };
    socket.onclose = (event) => {
      if (this.socket !== socket) return;
      this.socket = null;
      this.ready = false;
      this.stopPing();
      if (!this.running) return;
      this.setStatus('offline');
      if (event.code === CHAT_CLOSE_CODES.unauthorized) {
        this.options.refreshToken().then(
          () => this.scheduleReconnect(true),
          () => {
            // The session is over (the API client handles the sign-out and the redirect).
            this.stop();
          },
        );
        return;
      }
      this.scheduleReconnect();
    };
  }

  private onFrame(data: unknown) {
    if (typeof data !== 'string') return;
    let frame: ChatServerFrame;
    try {
      frame = chatServerFrameSchema.parse(JSON.parse(data));
    } catch {
      return;
    }
    if (this.pongTimer) {
      clearTimeout(this.pongTimer);
      this.pongTimer = undefined;
    }
    if (frame.type === 'ready') {
      const first = !this.ready;
      this.ready = true;
      this.attempt = 0;
      this.setStatus('open');
      if (first) for (const researchId of this.rooms) this.send({ type: 'subscribe', research_id: researchId });
    } else if (frame.type === 'reauth') {
      this.options.refreshToken().then(
        (token) => this.sendAuth(token),
        () => this.stop(),
      );
    }
    this.emit({ type: 'frame', frame });
  }

  private sendAuth(token: string | null) {
    if (!token || token === this.sentToken || !this.ready) return;
    this.sentToken = token;
    this.send({ type: 'auth', token });
  }

  private tokenChanged(token: string | null) {
    if (!this.running) return;
    if (!token) {
      // Signed out: close; a new sign-in starts over.
      this.dropSocket(1000, 'signed out');
      this.setStatus('offline');
      return;
    }
    if (this.socket) this.sendAuth(token);
    else if (!this.reconnectTimer) this.connectNow();
  }

  private scheduleReconnect(immediate = false) {
    if (!this.running || this.reconnectTimer) return;
    const min = this.options.minDelayMs ?? 500;
    const max = this.options.maxDelayMs ?? 30_000;
    const random = this.options.random ?? Math.random;
    const delay = immediate ? 0 : Math.min(max, min * 2 ** this.attempt) * (0.5 + random() / 2);
    this.attempt += 1;
    this.reconnectTimer = setTimeout(() => {
      this.reconnectTimer = undefined;
      this.connectNow();
    }, delay);
  }

  private startPing() {
    this.stopPing();
    const interval = this.options.pingIntervalMs ?? 25_000;
    const timeout = this.options.pongTimeoutMs ?? 10_000;
    this.pingTimer = setInterval(() => {
      if (this.socket?.readyState !== OPEN || this.pongTimer) return;
      this.send({ type: 'ping' });
      this.pongTimer = setTimeout(() => {
        this.pongTimer = undefined;
        // No answer: the connection is gone without a close. Start over.
        const socket = this.socket;
        if (!socket) return;
        this.socket = null;
        this.ready = false;
        this.stopPing();
        try {
          socket.close(4000, 'no pong');
        } catch {
          // already closing
        }
        this.setStatus('offline');
        this.scheduleReconnect();
      }, timeout);
    }, interval);
  }

  private stopPing() {
    if (this.pingTimer) clearInterval(this.pingTimer);
    if (this.pongTimer) clearTimeout(this.pongTimer);
    this.pingTimer = undefined;
    this.pongTimer = undefined;
  }

  private dropSocket(code: number, reason: string) {
    const socket = this.socket;
    this.socket = null;
    this.ready = false;
    this.sentToken = null;
    this.stopPing();
    if (socket) {
      socket.onclose = null;
      socket.onmessage = null;
      try {
        socket.close(code, reason);
      } catch {
        // already closed
      }
    }
  }
}
