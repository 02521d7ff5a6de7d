/**
 * The chat rooms of one process without a network: fan-out, the bounded send buffer (a slow
 * client is cut off and never holds the others), per-user socket limits, heartbeat, and the
 * socket session protocol (auth first, subscribe, re-auth, bad frames).
 */
import { EventEmitter } from 'node:events';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CHAT_CLOSE_CODES, chatServerFrameSchema, type ChatMessage, type ChatServerFrame } from '@scholars/shared-contracts/schemas';
import { ChatHub } from '../src/lib/chat/hub';
import { startChatSession, type VerifiedToken } from '../src/lib/chat/session';
import { cleanChatText } from '../src/lib/chat/text';

class FakeSocket extends EventEmitter {
  readyState = 1;
  bufferedAmount = 0;
  sent: string[] = [];
  closedWith: { code?: number; reason?: string } | null = null;
  terminated = false;
  pings = 0;
  send(data: string | Buffer) {
    this.sent.push(String(data));
  }
  close(code?: number, reason?: string) {
    this.closedWith = { code, reason };
    this.readyState = 3;
    this.emit('close');
  }
  terminate() {
    this.terminated = true;
    this.readyState = 3;
    this.emit('close');
  }
  ping() {
    this.pings += 1;
  }
  frames(): ChatServerFrame[] {
    return this.sent.map((text) => chatServerFrameSchema.parse(JSON.parse(text)));
  }
  /** A frame from the client. */
  receive(frame: unknown) {
    this.emit('message', Buffer.from(typeof frame === 'string' ? frame : JSON.stringify(frame)), false);
  }
}

const message = (id: number, text = 'hello'): ChatMessage => ({
  id,
  research_id: 7,
  sender: { id: 1, name: 'A', avatar: null },
  text,
  created_at: new Date().toISOString(),
  deleted: false,
  deleted_at: null,
  deleted_by: null,
  client_id: null,
});

const hubs: ChatHub[] = [];
const newHub = (options: ConstructorParameters<typeof ChatHub>[0] = {}) => {
  const hub = new ChatHub({ heartbeatMs: 0, ...options });
  hubs.push(hub);
  return hub;
};
afterEach(() => {
  for (const hub of hubs.splice(0)) hub.close();
  vi.useRealTimers();
});

describe('ChatHub', () => {
  it('delivers a frame to every socket of the room and to no other', () => {
    const hub = newHub();
    const [a, b, c] = [new FakeSocket(), new FakeSocket(), new FakeSocket()];
    const [ca, cb, cc] = [hub.connect(a), hub.connect(b), hub.connect(c)];
    hub.identify(ca, 1);
    hub.identify(cb, 2);
    hub.identify(cc, 3);
    hub.join(ca, 7);
    hub.join(cb, 7);
    hub.join(cc, 8);
    expect(hub.deliver(7, { type: 'message', message: message(1) })).toBe(2);
    expect(a.sent).toHaveLength(1);
    expect(b.sent).toHaveLength(1);
    expect(c.sent).toHaveLength(0);
    hub.leave(cb, 7);
    expect(hub.deliver(7, { type: 'message', message: message(2) })).toBe(1);
    expect(hub.roomSize(7)).toBe(1);
  });

  it('cuts off a slow client whose send buffer is full; the others keep receiving at once', () => {
    const hub = newHub({ maxBufferedBytes: 10_000 });
    const slow = new FakeSocket();
    const fast = Array.from({ length: 50 }, () => new FakeSocket());
    const slowClient = hub.connect(slow);
    hub.identify(slowClient, 1);
    hub.join(slowClient, 7);
    fast.forEach((socket, index) => {
      const client = hub.connect(socket);
      hub.identify(client, 100 + index);
      hub.join(client, 7);
    });
    // The slow client reads nothing: what it was sent stays buffered.
    const original = slow.send.bind(slow);
    slow.send = (data: string | Buffer) => {
      original(data);
      slow.bufferedAmount += data.length;
    };
    const big = 'x'.repeat(1500);
    for (let i = 1; i <= 20; i += 1) hub.deliver(7, { type: 'message', message: message(i, big) });
    expect(slow.terminated).toBe(true);
    expect(slow.sent.length).toBeLessThan(20);
    for (const socket of fast) expect(socket.sent).toHaveLength(20);
    expect(hub.stats().droppedSlow).toBe(1);
    expect(hub.roomSize(7)).toBe(50);
  });

  it('limits sockets per user and rooms per socket', () => {
    const hub = newHub({ maxSocketsPerUser: 2, maxRoomsPerSocket: 2 });
    const clients = [1, 2, 3].map(() => hub.connect(new FakeSocket()));
    expect(hub.identify(clients[0]!, 5)).toBe(true);
    expect(hub.identify(clients[1]!, 5)).toBe(true);
    expect(hub.identify(clients[2]!, 5)).toBe(false);
    expect(hub.join(clients[0]!, 1)).toBe(true);
    expect(hub.join(clients[0]!, 2)).toBe(true);
    expect(hub.join(clients[0]!, 3)).toBe(false);
    hub.remove(clients[0]!);
    expect(hub.identify(clients[2]!, 5)).toBe(true);
  });

  it('terminates a socket that did not answer the previous heartbeat ping', () => {
    vi.useFakeTimers();
    const hub = newHub({ heartbeatMs: 1000 });
    const quiet = new FakeSocket();
    const lively = new FakeSocket();
    hub.connect(quiet);
    const livelyClient = hub.connect(lively);
    vi.advanceTimersByTime(1000);
    expect(quiet.pings).toBe(1);
    livelyClient.alive = true; // its pong arrived
    vi.advanceTimersByTime(1000);
    expect(quiet.terminated).toBe(true);
    expect(lively.terminated).toBe(false);
  });
});

describe('chat socket session', () => {
  const tokens: Record<string, VerifiedToken> = {};
  const setup = (options: Partial<Parameters<typeof startChatSession>[1]> = {}) => {
    const hub = newHub();
    const socket = new FakeSocket();
    const client = startChatSession(socket, {
      hub,
      verifyToken: (token) => tokens[token] ?? null,
      researchExists: async (id) => id === 7,
      ...options,
    });
    return { hub, socket, client };
  };
  const flush = () => new Promise((resolve) => setTimeout(resolve, 5));

  it('needs an auth frame first, then subscribes and receives', async () => {
    tokens.good = { userId: 4, expiresAt: Date.now() + 600_000 };
    const { hub, socket } = setup();
    socket.receive({ type: 'subscribe', research_id: 7 });
    await flush();
    expect(socket.frames().at(-1)).toEqual({ type: 'error', code: 'unauthorized' });
    socket.receive({ type: 'auth', token: 'good' });
    socket.receive({ type: 'subscribe', research_id: 7 });
    socket.receive({ type: 'subscribe', research_id: 99 });
    socket.receive({ type: 'ping' });
    await flush();
    const frames = socket.frames();
    expect(frames.slice(1).map((frame) => frame.type)).toEqual(['ready', 'subscribed', 'error', 'pong']);
    expect(frames[3]).toEqual({ type: 'error', code: 'not_found', research_id: 99 });
    hub.deliver(7, { type: 'message', message: message(1) });
    expect(socket.frames().at(-1)?.type).toBe('message');
  });

  it('closes with 4401 on a bad token and with 4408 when no auth frame comes', async () => {
    const bad = setup();
    bad.socket.receive({ type: 'auth', token: 'nope' });
    await flush();
    expect(bad.socket.closedWith?.code).toBe(CHAT_CLOSE_CODES.unauthorized);

    const silent = setup({ authTimeoutMs: 20 });
    await new Promise((resolve) => setTimeout(resolve, 40));
    expect(silent.socket.closedWith?.code).toBe(CHAT_CLOSE_CODES.authTimeout);
  });

  it('asks for a fresh token before expiry, accepts it for the same user, and closes when it is not renewed', async () => {
    tokens.short = { userId: 4, expiresAt: Date.now() + 120 };
    tokens.fresh = { userId: 4, expiresAt: Date.now() + 600_000 };
    tokens.other = { userId: 5, expiresAt: Date.now() + 600_000 };
    const renewed = setup({ reauthLeadMs: 100 });
    renewed.socket.receive({ type: 'auth', token: 'short' });
    await new Promise((resolve) => setTimeout(resolve, 60));
    expect(renewed.socket.frames().map((frame) => frame.type)).toEqual(['ready', 'reauth']);
    renewed.socket.receive({ type: 'auth', token: 'fresh' });
    await new Promise((resolve) => setTimeout(resolve, 150));
    expect(renewed.socket.closedWith).toBeNull();
    renewed.socket.receive({ type: 'auth', token: 'other' });
    await flush();
    expect(renewed.socket.closedWith?.code).toBe(CHAT_CLOSE_CODES.unauthorized);

    tokens.short2 = { userId: 4, expiresAt: Date.now() + 50 };
    const expired = setup({ reauthLeadMs: 10 });
    expired.socket.receive({ type: 'auth', token: 'short2' });
    await new Promise((resolve) => setTimeout(resolve, 120));
    expect(expired.socket.closedWith?.code).toBe(CHAT_CLOSE_CODES.unauthorized);
  });

  it('answers bad frames, then closes after too many; closes a client flooding frames', async () => {
    const { socket } = setup({ maxBadFrames: 3 });
    socket.receive('not json');
    socket.receive({ type: 'shout' });
    await flush();
    expect(socket.frames().map((frame) => frame.type)).toEqual(['error', 'error']);
    socket.emit('message', Buffer.from([1, 2, 3]), true);
    expect(socket.closedWith?.code).toBe(CHAT_CLOSE_CODES.badFrame);

    const flood = setup({ maxFramesPerWindow: 5 });
    for (let i = 0; i < 6; i += 1) flood.socket.receive({ type: 'ping' });
    expect(flood.socket.closedWith?.code).toBe(CHAT_CLOSE_CODES.tooMany);
  });
});

describe('cleanChatText', () => {
  it('keeps the text, removes control and bidi override characters, trims and limits blank lines', () => {
    expect(cleanChatText('  <b>hi</b> & bye \r\n\r\n\r\n\r\nnext\u0007 ')).toBe('<b>hi</b> & bye\n\nnext');
    expect(cleanChatText('abc\u202Edef\u2066x')).toBe('abcdefx');
    expect(cleanChatText('مرحبا\u200F بكم')).toBe('مرحبا\u200F بكم');
    expect(cleanChatText('\u0000\u0001 ')).toBe('');
  });
});
