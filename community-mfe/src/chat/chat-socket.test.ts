import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CHAT_CLOSE_CODES } from '@scholars/shared-contracts/schemas';
import { ChatSocket, type ChatSocketEvent, type WebSocketLike } from './chat-socket';

class FakeSocket implements WebSocketLike {
  readyState = 0;
  onopen: ((event: unknown) => void) | null = null;
  onmessage: ((event: { data: unknown }) => void) | null = null;
  onclose: ((event: { code: number; reason?: string }) => void) | null = null;
  onerror: ((event: unknown) => void) | null = null;
  sent: Array<Record<string, unknown>> = [];
  closed: number | undefined;
  constructor(readonly url: string) {}
  send(data: string) {
    this.sent.push(JSON.parse(data) as Record<string, unknown>);
  }
  close(code?: number) {
    this.closed = code;
    this.readyState = 3;
  }
  // Server side of the fake:
  open() {
    this.readyState = 1;
    this.onopen?.({});
  }
  frame(value: unknown) {
    this.onmessage?.({ data: JSON.stringify(value) });
  }
  drop(code = 1006) {
    this.readyState = 3;
    this.onclose?.({ code });
  }
}

describe('ChatSocket', () => {
  let sockets: FakeSocket[];
  let token: string | null;
  let tokenListeners: Array<(token: string | null) => void>;
  let events: ChatSocketEvent[];
  let refresh: ReturnType<typeof vi.fn>;

  const make = () => {
    const client = new ChatSocket({
      url: () => 'ws://api.test/api/chat/ws',
      getToken: () => token,
      refreshToken: refresh as unknown as () => Promise<string>,
      onTokenChange: (listener) => {
        tokenListeners.push(listener);
        return () => undefined;
      },
      createSocket: (url) => {
        const socket = new FakeSocket(url);
        sockets.push(socket);
        return socket;
      },
      random: () => 1,
      pingIntervalMs: 1000,
      pongTimeoutMs: 500,
    });
    client.on((event) => events.push(event));
    return client;
  };
  const statuses = () => events.filter((event) => event.type === 'status').map((event) => (event as { status: string }).status);

  beforeEach(() => {
    vi.useFakeTimers();
    sockets = [];
    token = 'token-1';
    tokenListeners = [];
    events = [];
    refresh = vi.fn(async () => {
      token = 'token-2';
      for (const listener of tokenListeners) listener(token);
      return token;
    });
  });
  afterEach(() => vi.useRealTimers());

  it('authenticates in its first frame (not in the URL), then subscribes its rooms', () => {
    const client = make();
    client.subscribe(7);
    client.start();
    const [socket] = sockets;
    expect(socket!.url).toBe('ws://api.test/api/chat/ws');
    socket!.open();
    expect(socket!.sent).toEqual([{ type: 'auth', token: 'token-1' }]);
    socket!.frame({ type: 'ready', user_id: 1, expires_at: new Date(Date.now() + 60_000).toISOString() });
    expect(socket!.sent.at(-1)).toEqual({ type: 'subscribe', research_id: 7 });
    expect(statuses()).toEqual(['connecting', 'open']);
    client.stop();
    expect(socket!.closed).toBe(1000);
  });

  it('reconnects with growing delays after unexpected closes and subscribes again', () => {
    const client = make();
    client.subscribe(7);
    client.start();
    sockets[0]!.open();
    sockets[0]!.frame({ type: 'ready', user_id: 1, expires_at: new Date().toISOString() });
    sockets[0]!.drop();
    expect(statuses().at(-1)).toBe('offline');
    vi.advanceTimersByTime(499);
    expect(sockets).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(sockets).toHaveLength(2);
    sockets[1]!.drop();
    vi.advanceTimersByTime(999);
    expect(sockets).toHaveLength(2);
    vi.advanceTimersByTime(1);
    expect(sockets).toHaveLength(3);
    sockets[2]!.open();
    sockets[2]!.frame({ type: 'ready', user_id: 1, expires_at: new Date().toISOString() });
    expect(sockets[2]!.sent).toEqual([
      { type: 'auth', token: 'token-1' },
      { type: 'subscribe', research_id: 7 },
    ]);
    // A success resets the backoff.
    sockets[2]!.drop();
    vi.advanceTimersByTime(500);
    expect(sockets).toHaveLength(4);
    client.stop();
  });

  it('refreshes the token and reconnects at once after a 4401 close', async () => {
    const client = make();
    client.start();
    sockets[0]!.open();
    sockets[0]!.drop(CHAT_CLOSE_CODES.unauthorized);
    await vi.advanceTimersByTimeAsync(0);
    expect(refresh).toHaveBeenCalledTimes(1);
    expect(sockets).toHaveLength(2);
    sockets[1]!.open();
    expect(sockets[1]!.sent[0]).toEqual({ type: 'auth', token: 'token-2' });
    client.stop();
  });

  it('answers reauth with a fresh token on the same socket, and re-sends auth when the token changes elsewhere', async () => {
    const client = make();
    client.start();
    const socket = sockets[0]!;
    socket.open();
    socket.frame({ type: 'ready', user_id: 1, expires_at: new Date().toISOString() });
    socket.frame({ type: 'reauth' });
    await vi.advanceTimersByTimeAsync(0);
    expect(socket.sent.filter((frame) => frame.type === 'auth')).toEqual([
      { type: 'auth', token: 'token-1' },
      { type: 'auth', token: 'token-2' },
    ]);
    token = 'token-3';
    for (const listener of tokenListeners) listener(token);
    expect(socket.sent.at(-1)).toEqual({ type: 'auth', token: 'token-3' });
    expect(sockets).toHaveLength(1);
    client.stop();
  });

  it('stays closed when the session cannot be refreshed, and while signed out', async () => {
    refresh.mockRejectedValueOnce(new Error('session expired'));
    const client = make();
    client.start();
    sockets[0]!.open();
    sockets[0]!.drop(CHAT_CLOSE_CODES.unauthorized);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(sockets).toHaveLength(1);
    expect(statuses().at(-1)).toBe('idle');

    token = null;
    const signedOut = make();
    signedOut.start();
    expect(sockets).toHaveLength(1);
    token = 'token-9';
    for (const listener of tokenListeners) listener(token);
    expect(sockets).toHaveLength(2);
    signedOut.stop();
  });

  it('starts over when a ping gets no answer', () => {
    const client = make();
    client.start();
    sockets[0]!.open();
    sockets[0]!.frame({ type: 'ready', user_id: 1, expires_at: new Date().toISOString() });
    vi.advanceTimersByTime(1000);
    expect(sockets[0]!.sent.at(-1)).toEqual({ type: 'ping' });
    vi.advanceTimersByTime(500);
    expect(sockets[0]!.closed).toBe(4000);
    vi.advanceTimersByTime(500);
    expect(sockets).toHaveLength(2);
    client.stop();
  });

  it('passes frames on to listeners and ignores what is not a protocol frame', () => {
    const client = make();
    client.start();
    sockets[0]!.open();
    sockets[0]!.frame({ type: 'resync' });
    sockets[0]!.frame({ type: 'nonsense' });
    sockets[0]!.onmessage?.({ data: 'not json' });
    expect(events.filter((event) => event.type === 'frame')).toEqual([{ type: 'frame', frame: { type: 'resync' } }]);
    client.stop();
  });
});
