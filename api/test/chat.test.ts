/**
 * The research chat (issue 4): history paging, who may read, post and remove, the abuse limits,
 * HTML staying inert, idempotent posting, and live delivery over the socket.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import WebSocket from 'ws';
import type { AddressInfo } from 'node:net';
import {
  CHAT_CLOSE_CODES,
  CHAT_MESSAGE_MAX_LENGTH,
  CHAT_RATE_LIMIT,
  chatHistoryResponseSchema,
  chatMessageResponseSchema,
  chatServerFrameSchema,
  translateMessage,
  type ChatServerFrame,
} from '@scholars/shared-contracts/schemas';
import { researchChatMessages, researchSubmissions } from '../src/db/schema';
import { getJson, postJson, useApp } from './helper';
import { member } from './community-helpers';

const app = useApp();

const messagesUrl = (researchId: number, query = '') => `/api/research-community/${researchId}/messages${query}`;

async function history(researchId: number, headers: Record<string, string>, query = '') {
  const { status, body } = await getJson(app(), messagesUrl(researchId, query), headers);
  expect(status).toBe(200);
  return chatHistoryResponseSchema.parse(body).data;
}

async function post(researchId: number, text: string, headers: Record<string, string>, extra: Record<string, unknown> = {}) {
  return postJson(app(), messagesUrl(researchId), { text, ...extra }, headers);
}

describe('chat history', () => {
  it('pages newest last: the newest page, then back with before=, forward with after=', async () => {
    const reader = await member(app(), { subscribed: false });
    const writer = await member(app());
    const rows = Array.from({ length: 45 }, (_, index) => ({ researchId: 6, senderId: writer.id, body: `message ${index + 1}` }));
    const inserted = await app().db.insert(researchChatMessages).values(rows).returning({ id: researchChatMessages.id });
    const ids = inserted.map((row) => row.id);

    const newest = await history(6, reader.headers);
    expect(newest.messages.map((m) => m.text)).toEqual(rows.slice(15).map((row) => row.body));
    expect(newest.has_more).toBe(true);
    expect(newest.messages.map((m) => m.id)).toEqual([...newest.messages.map((m) => m.id)].sort((a, b) => a - b));

    const older = await history(6, reader.headers, `?before=${newest.messages[0]!.id}`);
    expect(older.messages.map((m) => m.text)).toEqual(rows.slice(0, 15).map((row) => row.body));
    expect(older.has_more).toBe(false);

    const after = await history(6, reader.headers, `?after=${ids[39]}&limit=3`);
    expect(after.messages.map((m) => m.id)).toEqual(ids.slice(40, 43));
    expect(after.has_more).toBe(true);
    const tail = await history(6, reader.headers, `?after=${ids[42]}`);
    expect(tail.messages.map((m) => m.id)).toEqual(ids.slice(43));
    expect(tail.has_more).toBe(false);

    expect(newest.messages[0]).toMatchObject({ research_id: 6, sender: { id: writer.id, name: writer.name }, deleted: false, deleted_by: null });
  });

  it('is empty for a research nobody wrote in; refuses bad cursors and unknown research', async () => {
    const reader = await member(app(), { subscribed: false });
    expect(await history(8, reader.headers)).toEqual({ messages: [], has_more: false, can_post: false, settings: { closed: false, closed_reason: null, slow_mode_seconds: 0 } });
    expect((await getJson(app(), messagesUrl(8, '?before=1&after=2'), reader.headers)).status).toBe(400);
    expect((await getJson(app(), messagesUrl(8, '?limit=1000'), reader.headers)).status).toBe(400);
    expect((await getJson(app(), messagesUrl(999999), reader.headers)).status).toBe(404);
  });
});

describe('who may read and post', () => {
  it('refuses a visitor (reading and sending)', async () => {
    expect((await getJson(app(), messagesUrl(1))).status).toBe(401);
    const sent = await post(1, 'hello', {});
    expect(sent.status).toBe(401);
    expect(sent.body).toMatchObject({ status: false, err: 401 });
  });

  it('lets a signed-in user read, but posting needs an active subscription', async () => {
    const reader = await member(app(), { subscribed: false });
    // The history says it before anything is typed: the composer explains and offers the plans.
    expect((await history(1, reader.headers)).can_post).toBe(false);
    const sent = await post(1, 'hello', reader.headers);
    expect(sent.status).toBe(403);
    expect(sent.body).toMatchObject({ status: false, err: 'subscription_required', msg: translateMessage('en', 'validation.subscriptionRequired') });
  });

  it("lets the research's author post without a subscription (only in their own research's chat)", async () => {
    const author = await member(app(), { subscribed: false });
    // A seeded research, theirs for this test.
    const [own] = await app().db
      .select({ id: researchSubmissions.id, ownerId: researchSubmissions.ownerId })
      .from(researchSubmissions)
      .where(eq(researchSubmissions.id, sql`(select max(id) from research_submissions where status = 'approved')`));
    await app().db.update(researchSubmissions).set({ ownerId: author.id }).where(eq(researchSubmissions.id, own!.id));
    try {
      expect((await history(own!.id, author.headers)).can_post).toBe(true);
      const sent = await post(own!.id, 'Happy to answer questions about the method.', author.headers);
      expect(sent.status).toBe(201);
      // Elsewhere the paywall stands.
      expect((await history(1, author.headers)).can_post).toBe(false);
      expect((await post(1, 'hello', author.headers)).status).toBe(403);
    } finally {
      await app().db.update(researchSubmissions).set({ ownerId: own!.ownerId }).where(eq(researchSubmissions.id, own!.id));
    }
  });

  it('stores and answers a message of a subscriber', async () => {
    const writer = await member(app());
    expect((await history(1, writer.headers)).can_post).toBe(true);
    const sent = await post(1, '  Interesting results!  ', writer.headers);
    expect(sent.status).toBe(201);
    const message = chatMessageResponseSchema.parse(sent.body).data;
    expect(message).toMatchObject({ research_id: 1, text: 'Interesting results!', sender: { id: writer.id }, deleted: false });
    expect((await history(1, writer.headers)).messages.at(-1)).toEqual(message);
  });
});

describe('abuse limits', () => {
  it(`refuses a message over ${CHAT_MESSAGE_MAX_LENGTH} characters with a clear message, in the reader's language`, async () => {
    const writer = await member(app());
    const tooLong = await post(2, 'a'.repeat(CHAT_MESSAGE_MAX_LENGTH + 1), writer.headers);
    expect(tooLong.status).toBe(400);
    expect(tooLong.body).toMatchObject({
      status: false,
      msg: `A message can have at most ${CHAT_MESSAGE_MAX_LENGTH} characters.`,
      errors: { text: `A message can have at most ${CHAT_MESSAGE_MAX_LENGTH} characters.` },
    });
    const arabic = await post(2, 'ب'.repeat(CHAT_MESSAGE_MAX_LENGTH + 1), { ...writer.headers, 'accept-language': 'ar' });
    expect(arabic.body).toMatchObject({ msg: `يجب ألا تزيد الرسالة على ${CHAT_MESSAGE_MAX_LENGTH} حرف.` });
    expect((await post(2, 'ب'.repeat(CHAT_MESSAGE_MAX_LENGTH), writer.headers)).status).toBe(201);
    const empty = await post(2, ' \n\u0007 ', writer.headers);
    expect(empty.status).toBe(400);
    expect(empty.body).toMatchObject({ msg: 'Write a message first.' });
  });

  it(`limits each user to ${CHAT_RATE_LIMIT.max} messages per ${CHAT_RATE_LIMIT.windowSeconds} s, with Retry-After and a localized message`, async () => {
    const writer = await member(app());
    const other = await member(app());
    for (let i = 0; i < CHAT_RATE_LIMIT.max; i += 1) {
      expect((await post(3, `burst ${i}`, writer.headers)).status).toBe(201);
    }
    const limited = await post(3, 'one too many', writer.headers);
    expect(limited.status).toBe(429);
    const seconds = Number(limited.response.headers['retry-after']);
    expect(seconds).toBeGreaterThanOrEqual(1);
    expect(seconds).toBeLessThanOrEqual(CHAT_RATE_LIMIT.windowSeconds);
    expect(limited.body).toMatchObject({
      status: false,
      err: 429,
      msg: `You are sending messages too quickly. Please wait ${seconds} seconds and try again.`,
    });
    const arabic = await post(4, 'مرة أخرى', { ...writer.headers, 'accept-language': 'ar' });
    expect(arabic.status).toBe(429);
    expect(String(arabic.body.msg)).toMatch(/^أنت ترسل الرسائل بسرعة كبيرة/);
    // The limit is per user: someone else is not held back.
    expect((await post(3, 'my turn', other.headers)).status).toBe(201);
  });

  it('keeps HTML as inert text: stored and answered exactly as typed, as JSON', async () => {
    const writer = await member(app());
    const html = '<img src=x onerror="alert(1)"><script>alert(2)</script> <a href="javascript:alert(3)">x</a> & &amp;';
    const sent = await post(4, html, writer.headers);
    expect(sent.status).toBe(201);
    expect(sent.response.headers['content-type']).toMatch(/^application\/json/);
    expect(sent.response.headers['x-content-type-options']).toBe('nosniff');
    expect(chatMessageResponseSchema.parse(sent.body).data.text).toBe(html);
    const stored = (await history(4, writer.headers)).messages.at(-1)!;
    expect(stored.text).toBe(html);
    // The raw answer carries no markup a browser could sniff: it is a JSON string.
    expect(sent.response.body.startsWith('{')).toBe(true);
  });

  it('posts once per client id (a retried send answers the first message)', async () => {
    const writer = await member(app());
    const first = await post(7, 'only once', writer.headers, { client_id: 'c-0123456789' });
    const again = await post(7, 'only once', writer.headers, { client_id: 'c-0123456789' });
    expect(first.status).toBe(201);
    expect(again.status).toBe(200);
    expect(chatMessageResponseSchema.parse(again.body).data.id).toBe(chatMessageResponseSchema.parse(first.body).data.id);
    expect((await post(8, 'elsewhere', writer.headers, { client_id: 'c-0123456789' })).status).toBe(409);
    expect((await post(7, 'bad id', writer.headers, { client_id: 'x' })).status).toBe(400);
  });
});

describe('removing a message', () => {
  it('lets the sender and a moderator (admin, reviewer) remove it (soft delete, shown as removed); refuses anyone else', async () => {
    const writer = await member(app());
    const stranger = await member(app());
    const admin = await member(app(), { role: 'admin', subscribed: false });
    const mine = chatMessageResponseSchema.parse((await post(9, 'mine', writer.headers)).body).data;
    const moderated = chatMessageResponseSchema.parse((await post(9, 'to moderate', writer.headers)).body).data;

    const refused = await app().inject({ method: 'DELETE', url: `${messagesUrl(9)}/${mine.id}`, headers: stranger.headers });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ status: false, msg: 'Only the sender of a message or a moderator can remove it.' });
    expect((await app().inject({ method: 'DELETE', url: `${messagesUrl(9)}/${mine.id}` })).statusCode).toBe(401);
    expect((await app().inject({ method: 'DELETE', url: `${messagesUrl(10)}/${mine.id}`, headers: writer.headers })).statusCode).toBe(404);

    const bySender = await app().inject({ method: 'DELETE', url: `${messagesUrl(9)}/${mine.id}`, headers: writer.headers });
    expect(bySender.statusCode).toBe(200);
    expect(chatMessageResponseSchema.parse(bySender.json()).data).toMatchObject({ id: mine.id, deleted: true, text: null, deleted_by: 'sender' });

    const byAdmin = await app().inject({ method: 'DELETE', url: `${messagesUrl(9)}/${moderated.id}`, headers: admin.headers });
    expect(byAdmin.statusCode).toBe(200);
    expect(chatMessageResponseSchema.parse(byAdmin.json()).data).toMatchObject({ deleted: true, text: null, deleted_by: 'moderator' });
    // A reviewer moderates content too.
    const reviewer = await member(app(), { role: 'reviewer', subscribed: false });
    const another = chatMessageResponseSchema.parse((await post(9, 'another to moderate', writer.headers)).body).data;
    const byReviewer = await app().inject({ method: 'DELETE', url: `${messagesUrl(9)}/${another.id}`, headers: reviewer.headers });
    expect(chatMessageResponseSchema.parse(byReviewer.json()).data).toMatchObject({ deleted: true, deleted_by: 'moderator' });

    const shown = (await history(9, stranger.headers)).messages.filter((m) => m.id === mine.id || m.id === moderated.id);
    expect(shown.map((m) => [m.deleted, m.text])).toEqual([
      [true, null],
      [true, null],
    ]);
    // The row stays (moderation history).
    const [row] = await app().db.select().from(researchChatMessages).where(eqId(mine.id));
    expect(row).toMatchObject({ body: 'mine', deletedBy: writer.id });
  });
});

const eqId = (id: number) => eq(researchChatMessages.id, id);

// ------------------------------------------------------------------------------ live socket
const ORIGIN = 'http://localhost:8080';

function collect(ws: WebSocket) {
  const frames: ChatServerFrame[] = [];
  const closed = new Promise<{ code: number; reason: string }>((resolve) => {
    ws.on('close', (code, reason) => resolve({ code, reason: reason.toString() }));
  });
  ws.on('message', (data) => frames.push(chatServerFrameSchema.parse(JSON.parse(String(data)))));
  const next = async (predicate: (frame: ChatServerFrame) => boolean, timeout = 2000) => {
    const started = Date.now();
    for (;;) {
      const found = frames.find(predicate);
      if (found) return found;
      if (Date.now() - started > timeout) throw new Error(`no such frame; got ${JSON.stringify(frames)}`);
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
  };
  return { frames, closed, next };
}

describe('the chat socket', () => {
  let base = '';
  beforeAll(async () => {
    await app().listen({ port: 0, host: '127.0.0.1' });
    base = `ws://127.0.0.1:${(app().server.address() as AddressInfo).port}`;
  });
  /** A real client over the network; resolves once open. */
  const connect = (headers: Record<string, string> = { origin: ORIGIN }) =>
    new Promise<WebSocket>((resolve, reject) => {
      const ws = new WebSocket(`${base}/api/chat/ws`, { headers });
      ws.once('open', () => resolve(ws));
      ws.once('unexpected-response', (_request, response) => reject(new Error(`refused with ${response.statusCode}`)));
      ws.once('error', reject);
    });

  it('refuses an origin that is not the site', async () => {
    await expect(connect({ origin: 'https://evil.example' })).rejects.toThrow(/403/);
  });

  it('authenticates with the access token, follows a research and receives new and removed messages live', async () => {
    const writer = await member(app());
    const ws = await connect();
    const socket = collect(ws);
    ws.send(JSON.stringify({ type: 'subscribe', research_id: 11 }));
    await socket.next((frame) => frame.type === 'error' && frame.code === 'unauthorized');
    ws.send(JSON.stringify({ type: 'auth', token: writer.token }));
    await socket.next((frame) => frame.type === 'ready' && frame.user_id === writer.id);
    ws.send(JSON.stringify({ type: 'subscribe', research_id: 11 }));
    await socket.next((frame) => frame.type === 'subscribed' && frame.research_id === 11);

    const sent = chatMessageResponseSchema.parse((await post(11, 'live <b>hello</b>', writer.headers)).body).data;
    const live = await socket.next((frame) => frame.type === 'message' && frame.message.id === sent.id);
    expect(live).toEqual({ type: 'message', message: sent });
    // Another research's messages do not arrive.
    await post(12, 'elsewhere', writer.headers);

    await app().inject({ method: 'DELETE', url: `${messagesUrl(11)}/${sent.id}`, headers: writer.headers });
    const removed = await socket.next((frame) => frame.type === 'deleted');
    expect(removed).toMatchObject({ type: 'deleted', message: { id: sent.id, deleted: true, text: null } });
    expect(socket.frames.filter((frame) => frame.type === 'message')).toHaveLength(1);
    ws.terminate();
  });

  it('tells the room who is there: a member who subscribes shows for the others, and is gone once their socket closes', async () => {
    const [alia, badr] = await Promise.all([member(app()), member(app(), { subscribed: false })]);
    const open = async (who: { token: string }) => {
      const ws = await connect();
      const socket = collect(ws);
      ws.send(JSON.stringify({ type: 'auth', token: who.token }));
      await socket.next((frame) => frame.type === 'ready');
      ws.send(JSON.stringify({ type: 'subscribe', research_id: 10 }));
      await socket.next((frame) => frame.type === 'subscribed');
      return { ws, socket };
    };
    const presentIds = (frame: ChatServerFrame) => (frame.type === 'presence' ? frame.people.map((person) => person.id).sort((x, y) => x - y) : []);
    const a = await open(alia);
    const first = await a.socket.next((frame) => frame.type === 'presence' && frame.research_id === 10);
    expect(first).toMatchObject({ type: 'presence', research_id: 10, count: 1, people: [{ id: alia.id, name: alia.name }] });

    const b = await open(badr);
    const both = [alia.id, badr.id].sort((x, y) => x - y);
    await a.socket.next((frame) => frame.type === 'presence' && presentIds(frame).join() === both.join());
    // The newcomer learns who is there as it subscribes.
    await b.socket.next((frame) => frame.type === 'presence' && frame.count === 2);

    b.ws.close();
    const after = a.socket.frames.length;
    await a.socket.next((frame) => a.socket.frames.indexOf(frame) >= after && frame.type === 'presence' && frame.count === 1);
    a.ws.terminate();
  });

  it('closes with 4401 on a bad token and answers not_found for an unknown research', async () => {
    const bad = await connect();
    const badSocket = collect(bad);
    bad.send(JSON.stringify({ type: 'auth', token: 'not.a.token' }));
    expect((await badSocket.closed).code).toBe(CHAT_CLOSE_CODES.unauthorized);

    const reader = await member(app(), { subscribed: false });
    const ws = await connect({});
    const socket = collect(ws);
    ws.send(JSON.stringify({ type: 'auth', token: reader.token }));
    ws.send(JSON.stringify({ type: 'subscribe', research_id: 999999 }));
    expect(await socket.next((frame) => frame.type === 'error')).toEqual({ type: 'error', code: 'not_found', research_id: 999999 });
    ws.terminate();
  });
});
