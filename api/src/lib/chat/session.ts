/**
 * One chat socket, from connection to close (protocol in shared-contracts' schemas/community.ts):
 *
 * 1. The client sends `{type:'auth', token}` (the access token) as its first frame, within
 *    `authTimeoutMs`; the token never travels in the URL, so it is not written to access logs.
 *    A bad token closes with 4401; nothing else is accepted before it.
 * 2. `{type:'subscribe', research_id}` follows a research's chat (an approved research; every
 *    signed-in user may read chats) and is answered `subscribed`, then `presence` (who is there);
 *    `unsubscribe` stops; `ping` answers `pong`.
 * 3. Before the token expires the server sends `reauth`; the client answers with a fresh
 *    `auth` (same user) after refreshing it. A token left to expire closes the socket with 4401
 *    (the client refreshes and reconnects).
 *
 * Frames are small JSON texts (the socket's maxPayload bounds them); binary frames, bad JSON or
 * an unknown frame are answered `error: bad_frame` and, repeated, close the socket. A client
 * sending frames faster than `maxFramesPerWindow` is closed with 4429.
 */
import { CHAT_CLOSE_CODES, chatClientFrameSchema, type ChatClientFrame } from '@scholars/shared-contracts/schemas';
import type { ChatClient, ChatHub, HubSocket } from './hub';

export interface VerifiedToken {
  userId: number;
  /** When the token stops being valid (ms since the epoch). */
  expiresAt: number;
}

export interface SessionSocket extends HubSocket {
  on(event: 'message', listener: (data: unknown, isBinary: boolean) => void): unknown;
  on(event: 'close', listener: () => void): unknown;
  on(event: 'pong', listener: () => void): unknown;
}

export interface ChatSessionOptions {
  hub: ChatHub;
  /** The access token's user and expiry, or null when it is not valid. */
  verifyToken(token: string): Promise<VerifiedToken | null> | VerifiedToken | null;
  /** Whether the research exists and has a chat (approved). */
  researchExists(researchId: number): Promise<boolean>;
  /** Called once the client follows a research (after `subscribed` was sent): e.g. who is there now. */
  onSubscribed?(client: ChatClient, researchId: number): void;
  log?: { debug(obj: object, msg?: string): void; warn(obj: object, msg?: string): void };
  authTimeoutMs?: number;
  /** `reauth` is sent this long before the token expires. */
  reauthLeadMs?: number;
  maxFramesPerWindow?: number;
  frameWindowMs?: number;
  maxBadFrames?: number;
}

export function startChatSession(socket: SessionSocket, options: ChatSessionOptions): ChatClient {
  const { hub } = options;
  const client = hub.connect(socket);
  const authTimeoutMs = options.authTimeoutMs ?? 10_000;
  const reauthLeadMs = options.reauthLeadMs ?? 60_000;
  const maxFrames = options.maxFramesPerWindow ?? 60;
  const frameWindowMs = options.frameWindowMs ?? 10_000;
  const maxBadFrames = options.maxBadFrames ?? 5;

  let authTimer: ReturnType<typeof setTimeout> | undefined = setTimeout(
    () => client.close(CHAT_CLOSE_CODES.authTimeout, 'authentication timeout'),
    authTimeoutMs,
  );
  let reauthTimer: ReturnType<typeof setTimeout> | undefined;
  let expiryTimer: ReturnType<typeof setTimeout> | undefined;
  let windowStart = Date.now();
  let framesInWindow = 0;
  let badFrames = 0;
  // Frames are handled one at a time, in order (auth must finish before a subscribe is looked at).
  let queue: Promise<void> = Promise.resolve();

  const clearTimers = () => {
    for (const timer of [authTimer, reauthTimer, expiryTimer]) if (timer) clearTimeout(timer);
    authTimer = reauthTimer = expiryTimer = undefined;
  };

  const badFrame = (reason: string) => {
    badFrames += 1;
    options.log?.debug({ reason, userId: client.userId }, 'chat socket: bad frame');
    if (badFrames >= maxBadFrames) client.close(CHAT_CLOSE_CODES.badFrame, 'bad frames');
    else client.send({ type: 'error', code: 'bad_frame' });
  };

  const schedule = (expiresAt: number) => {
    if (reauthTimer) clearTimeout(reauthTimer);
    if (expiryTimer) clearTimeout(expiryTimer);
    const now = Date.now();
    // Timers beyond ~24 days overflow; tokens are short-lived, long ones are simply capped.
    const cap = (ms: number) => Math.min(Math.max(ms, 0), 2 ** 31 - 1);
    reauthTimer = setTimeout(() => client.send({ type: 'reauth' }), cap(expiresAt - now - reauthLeadMs));
    expiryTimer = setTimeout(() => client.close(CHAT_CLOSE_CODES.unauthorized, 'token expired'), cap(expiresAt - now));
  };

  async function handle(frame: ChatClientFrame) {
    if (client.closed) return;
    if (frame.type === 'auth') {
      const verified = await options.verifyToken(frame.token);
      if (client.closed) return;
      if (!verified || verified.expiresAt <= Date.now()) {
        client.close(CHAT_CLOSE_CODES.unauthorized, 'invalid token');
        return;
      }
      if (client.userId !== null && client.userId !== verified.userId) {
        // Another account signed in on this page: start over with a new socket.
        client.close(CHAT_CLOSE_CODES.unauthorized, 'user changed');
        return;
      }
      if (!hub.identify(client, verified.userId)) {
        client.close(CHAT_CLOSE_CODES.tooMany, 'too many sockets');
        return;
      }
      if (authTimer) clearTimeout(authTimer);
      authTimer = undefined;
      schedule(verified.expiresAt);
      client.send({ type: 'ready', user_id: verified.userId, expires_at: new Date(verified.expiresAt).toISOString() });
      return;
    }
    if (frame.type === 'ping') {
      client.send({ type: 'pong' });
      return;
    }
    if (client.userId === null) {
      client.send({ type: 'error', code: 'unauthorized' });
      return;
    }
    if (frame.type === 'subscribe') {
      if (!(await options.researchExists(frame.research_id))) {
        client.send({ type: 'error', code: 'not_found', research_id: frame.research_id });
        return;
      }
      if (client.closed) return;
      if (!hub.join(client, frame.research_id)) {
        client.send({ type: 'error', code: 'too_many', research_id: frame.research_id });
        return;
      }
      client.send({ type: 'subscribed', research_id: frame.research_id });
      options.onSubscribed?.(client, frame.research_id);
      return;
    }
    hub.leave(client, frame.research_id);
    client.send({ type: 'unsubscribed', research_id: frame.research_id });
  }

  socket.on('message', (data, isBinary) => {
    if (client.closed) return;
    client.alive = true;
    const now = Date.now();
    if (now - windowStart > frameWindowMs) {
      windowStart = now;
      framesInWindow = 0;
    }
    framesInWindow += 1;
    if (framesInWindow > maxFrames) {
      client.close(CHAT_CLOSE_CODES.tooMany, 'too many frames');
      return;
    }
    if (isBinary) return badFrame('binary');
    let parsed: unknown;
    try {
      parsed = JSON.parse(String(data));
    } catch {
      return badFrame('json');
    }
    const frame = chatClientFrameSchema.safeParse(parsed);
    if (!frame.success) return badFrame('schema');
    queue = queue
      .then(() => handle(frame.data))
      .catch((error: unknown) => {
        options.log?.warn({ err: error }, 'chat socket frame failed');
        client.close(1011, 'server error');
      });
  });
  socket.on('pong', () => {
    client.alive = true;
  });
  socket.on('close', () => {
    clearTimers();
    client.closed = true;
    hub.remove(client);
  });
  return client;
}
