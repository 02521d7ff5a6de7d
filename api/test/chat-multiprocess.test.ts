/**
 * Several API processes on one PostgreSQL (issue 4): two real API processes (`src/server.ts`)
 * share a database; a WebSocket client on each follows the same research; a message posted
 * through one process reaches the client of the other within a second (LISTEN/NOTIFY).
 *
 * Needs a PostgreSQL server: run with DATABASE_URL (a role with CREATEDB). Without it the test
 * is skipped, since PGlite is one process by construction (its delivery is in-process and is
 * covered by chat.test.ts).
 */
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import WebSocket from 'ws';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chatMessageResponseSchema, chatServerFrameSchema, type ChatServerFrame } from '@scholars/shared-contracts/schemas';
import { createPostgresDatabase, usePostgres } from './helper';
import { accessToken as signedAccessToken, startApi, stopApi, type ApiProcess } from './api-processes';

const JWT_SECRET = randomBytes(32).toString('hex');

/** An API process of this test: the shared database, its own data directory, one signing secret. */
const startChatApi = (databaseUrl: string, dataDir: string) => startApi({ DATABASE_URL: databaseUrl, DATA_DIR: dataDir, JWT_SECRET });
const accessToken = (userId: number, sessionId: string) => signedAccessToken(JWT_SECRET, userId, sessionId);

/** A socket client: authenticated, following `researchId`, collecting frames with their arrival time. */
async function follow(api: ApiProcess, token: string, researchId: number) {
  const ws = new WebSocket(`${api.url.replace('http', 'ws')}/api/chat/ws`, { headers: { origin: 'http://localhost:8080' } });
  const frames: Array<{ frame: ChatServerFrame; at: number }> = [];
  ws.on('message', (data) => frames.push({ frame: chatServerFrameSchema.parse(JSON.parse(String(data))), at: Date.now() }));
  await new Promise<void>((resolve, reject) => {
    ws.once('open', () => resolve());
    ws.once('error', reject);
  });
  const wait = async (predicate: (frame: ChatServerFrame) => boolean, timeout = 5000) => {
    const started = Date.now();
    for (;;) {
      const found = frames.find((entry) => predicate(entry.frame));
      if (found) return found;
      if (Date.now() - started > timeout) throw new Error(`frame not received; got ${JSON.stringify(frames.map((f) => f.frame))}`);
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
  };
  ws.send(JSON.stringify({ type: 'auth', token }));
  await wait((frame) => frame.type === 'ready');
  ws.send(JSON.stringify({ type: 'subscribe', research_id: researchId }));
  await wait((frame) => frame.type === 'subscribed' && frame.research_id === researchId);
  return { ws, wait, frames };
}

describe.skipIf(!usePostgres)('chat across two API processes on one PostgreSQL (skipped without DATABASE_URL: PGlite is single-process)', () => {
  let database: Awaited<ReturnType<typeof createPostgresDatabase>> | undefined;
  let dataDir = '';
  const apis: ApiProcess[] = [];
  let token = '';
  let userId = 0;
  let sessionId = '';
  let otherToken = '';
  let otherId = 0;

  beforeAll(async () => {
    database = await createPostgresDatabase();
    dataDir = await mkdtemp(path.join(tmpdir(), 'scholars-chat-mp-'));
    // Both start together: the migration lock makes them take turns.
    apis.push(...(await Promise.all([startChatApi(database.url, path.join(dataDir, 'a')), startChatApi(database.url, path.join(dataDir, 'b'))])));
    const client = new pg.Client({ connectionString: database.url });
    await client.connect();
    try {
      const user = await client.query<{ id: number }>(
        `INSERT INTO users (name, email, email_verified_at) VALUES ('Multi Process', $1, now()) RETURNING id`,
        [`mp.${Date.now()}@example.ae`],
      );
      userId = user.rows[0]!.id;
      await client.query(
        `INSERT INTO subscriptions (user_id, plan_id, status, price, provider, current_period_start, current_period_end)
         VALUES ($1, 1, 'active', 100, 'local', now(), now() + interval '1 year')`,
        [userId],
      );
      // A token lives only with its session (a refresh-token family), which the session check reads.
      const session = await client.query<{ id: string }>(`INSERT INTO refresh_token_families (user_id) VALUES ($1) RETURNING id`, [userId]);
      sessionId = session.rows[0]!.id;
      // A second member (no subscription: reading and presence need none).
      const other = await client.query<{ id: number }>(
        `INSERT INTO users (name, email, email_verified_at) VALUES ('Other Process', $1, now()) RETURNING id`,
        [`mp.other.${Date.now()}@example.ae`],
      );
      otherId = other.rows[0]!.id;
      const otherSession = await client.query<{ id: string }>(`INSERT INTO refresh_token_families (user_id) VALUES ($1) RETURNING id`, [otherId]);
      otherToken = accessToken(otherId, otherSession.rows[0]!.id);
    } finally {
      await client.end();
    }
    token = accessToken(userId, sessionId);
  }, 180_000);

  afterAll(async () => {
    await Promise.all(apis.map((api) => stopApi(api)));
    await database?.drop();
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  }, 60_000);

  it('delivers a message posted through one process to a socket on the other within a second, both ways', async () => {
    const [first, second] = apis as [ApiProcess, ApiProcess];
    const onFirst = await follow(first, token, 1);
    const onSecond = await follow(second, token, 1);
    try {
      for (const [through, other] of [
        [first, onSecond],
        [second, onFirst],
      ] as const) {
        const sentAt = Date.now();
        const response = await fetch(`${through.url}/api/research-community/1/messages`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
          body: JSON.stringify({ text: `across processes from ${through.url}` }),
        });
        expect(response.status).toBe(201);
        const message = chatMessageResponseSchema.parse(await response.json()).data;
        const received = await other.wait((frame) => frame.type === 'message' && frame.message.id === message.id, 2000);
        expect(received.frame).toEqual({ type: 'message', message });
        expect(received.at - sentAt).toBeLessThan(1000);
      }
      // Removals travel the same way.
      const list = await (await fetch(`${second.url}/api/research-community/1/messages`, { headers: { authorization: `Bearer ${token}` } })).json();
      const last = (list as { data: { messages: Array<{ id: number }> } }).data.messages.at(-1)!;
      const removed = await fetch(`${second.url}/api/research-community/1/messages/${last.id}`, {
        method: 'DELETE',
        headers: { authorization: `Bearer ${token}` },
      });
      expect(removed.status).toBe(200);
      const frame = await onFirst.wait((candidate) => candidate.type === 'deleted' && candidate.message.id === last.id, 2000);
      expect(frame.frame).toMatchObject({ message: { deleted: true, text: null } });
    } finally {
      onFirst.ws.terminate();
      onSecond.ws.terminate();
    }
  });

  it('shows who is in a chat across processes: a member on the other process comes and goes', async () => {
    const [first, second] = apis as [ApiProcess, ApiProcess];
    const onFirst = await follow(first, token, 4);
    try {
      await onFirst.wait((frame) => frame.type === 'presence' && frame.research_id === 4 && frame.count === 1);
      const onSecond = await follow(second, otherToken, 4);
      const both = await onFirst.wait((frame) => frame.type === 'presence' && frame.count === 2, 3000);
      expect(both.frame.type === 'presence' && both.frame.people.map((person) => person.id).sort((a, b) => a - b)).toEqual([userId, otherId].sort((a, b) => a - b));
      // The newcomer, on the other process, learns who is there as it subscribes.
      await onSecond.wait((frame) => frame.type === 'presence' && frame.count === 2, 3000);
      const before = new Set(onFirst.frames.map((entry) => entry.frame));
      onSecond.ws.close();
      const gone = await onFirst.wait((frame) => !before.has(frame) && frame.type === 'presence' && frame.count === 1, 3000);
      expect(gone.frame).toMatchObject({ type: 'presence', people: [{ id: userId }] });
    } finally {
      onFirst.ws.terminate();
    }
  });

  it('survives a lost LISTEN connection: it reconnects, tells its clients to resync, and delivers again', async () => {
    const [first, second] = apis as [ApiProcess, ApiProcess];
    const onSecond = await follow(second, token, 2);
    const admin = new pg.Client({ connectionString: database!.url });
    await admin.connect();
    try {
      const killed = await admin.query(
        `SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = current_database() AND query LIKE 'LISTEN %' AND pid <> pg_backend_pid()`,
      );
      expect(killed.rowCount).toBeGreaterThanOrEqual(2);
      await onSecond.wait((frame) => frame.type === 'resync', 15_000);
      const response = await fetch(`${first.url}/api/research-community/2/messages`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
        body: JSON.stringify({ text: 'after the reconnect' }),
      });
      expect(response.status).toBe(201);
      const message = chatMessageResponseSchema.parse(await response.json()).data;
      // The first process may still be reconnecting its own listener; the second one listens again.
      await onSecond.wait((frame) => frame.type === 'message' && frame.message.id === message.id, 5000);
    } finally {
      await admin.end();
      onSecond.ws.terminate();
    }
  });
});
