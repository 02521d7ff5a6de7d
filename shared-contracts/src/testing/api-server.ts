/**
 * A real HTTP server on 127.0.0.1 (random port) that answers like the API, for tests of a remote's
 * calls through the real `apiClient` (Node only: `@scholars/shared-contracts/testing/api-server`).
 * It answers CORS preflights as the API does, records every request, and answers each
 * `METHOD /path` with what the test set (else the API's 404 envelope).
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach } from 'vitest';
import { apiClient } from '../http';

export interface CannedAnswer {
  status: number;
  /** JSON, or a string sent as it is. */
  body: unknown;
  headers?: Record<string, string>;
  /** Answered once this settles: a request held in flight, to see the screen meanwhile. */
  until?: Promise<unknown>;
}

export interface TestApiServer {
  /** What to answer, per `METHOD /api/path` (the query left out). */
  readonly answers: Map<string, CannedAnswer>;
  /** The requests received, in order. */
  readonly seen: Array<{ method: string; path: string; body: string; /** The query string, without `?` ('' when none). */ query: string }>;
  /** Forgets the answers and the requests (between tests). */
  reset(): void;
  /** Puts the client's base URL back and stops the server. */
  close(): Promise<void>;
}

const NOT_FOUND: CannedAnswer = { status: 404, body: { status: false, msg: 'Not found', err: 404 } };

/** Starts the server and points the shared `apiClient` at it (`<origin>/api`). */
export async function startTestApiServer(): Promise<TestApiServer> {
  const server = createTestApiServer();
  await server.listen();
  return server;
}

/**
 * A test file's server: started before its tests, its answers and requests forgotten before each
 * one (before the file's own `beforeEach` sets answers), stopped after them all.
 */
export function testApiServerPerFile(): TestApiServer {
  const server = createTestApiServer();
  beforeAll(() => server.listen());
  beforeEach(() => server.reset());
  afterAll(() => server.close());
  return server;
}

function createTestApiServer(): TestApiServer & { listen(): Promise<void> } {
  const answers = new Map<string, CannedAnswer>();
  const seen: TestApiServer['seen'] = [];

  async function handle(req: IncomingMessage, res: ServerResponse) {
    const origin = req.headers.origin;
    if (origin) {
      res.setHeader('Access-Control-Allow-Origin', origin);
      res.setHeader('Access-Control-Allow-Credentials', 'true');
      res.setHeader('Access-Control-Expose-Headers', 'Content-Disposition');
    }
    if (req.method === 'OPTIONS') {
      res.writeHead(204, {
        'Access-Control-Allow-Methods': 'GET, POST, PUT, PATCH, DELETE',
        'Access-Control-Allow-Headers': req.headers['access-control-request-headers'] ?? '',
      });
      res.end();
      return;
    }
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const path = (req.url ?? '').replace(/\?.*$/, '');
    const query = /\?(.*)$/.exec(req.url ?? '')?.[1] ?? '';
    seen.push({ method: req.method ?? '', path, query, body: Buffer.concat(chunks).toString('utf8') });
    const answer = answers.get(`${req.method} ${path}`) ?? NOT_FOUND;
    if (answer.until) await answer.until;
    res.writeHead(answer.status, { 'Content-Type': 'application/json', ...answer.headers });
    res.end(typeof answer.body === 'string' ? answer.body : JSON.stringify(answer.body));
  }

  const server = createServer((req, res) => void handle(req, res));
  let previousBase = apiClient.defaults.baseURL;
  return {
    answers,
    seen,
    async listen() {
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      previousBase = apiClient.defaults.baseURL;
      apiClient.defaults.baseURL = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api`;
    },
    reset() {
      answers.clear();
      seen.length = 0;
    },
    async close() {
      apiClient.defaults.baseURL = previousBase;
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
