/**
 * The API client against a real HTTP server (node:http on 127.0.0.1, random port), through
 * axios's browser adapter in jsdom (XHR with real CORS and cookies). Nothing is mocked.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { createTokenStore, type TokenStore } from '../auth/token-store';
import type { SessionUser } from '../auth/types';
import { createEventBus, type EventBus } from '../events/bus';
import type { EventMap } from '../events/types';
import type { Locale } from '../i18n/core';
import { createMemoryStorage, recordBus, type BusRecorder, type MemoryStorage } from '../testing';
import { ApiError } from './api-error';
import { createApiClient, type AxiosApiClient as ApiClient, type ApiClientOptions } from './client';

interface SeenRequest {
  method: string;
  path: string;
  authorization?: string;
  acceptLanguage?: string;
  cookie?: string;
  body: string;
}

type RefreshMode = 'accessToken' | 'token' | 'data.accessToken' | 'unauthorized' | 'suspended' | 'no-token' | 'server-error';

let server: Server;
let base = '';
let seen: SeenRequest[] = [];
let refreshMode: RefreshMode = 'accessToken';
let refreshDelayMs = 60;

const NEW_TOKEN = 'new-token';
const sendJson = (res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) => {
  res.writeHead(status, { 'Content-Type': 'application/json', ...headers });
  res.end(JSON.stringify(body));
};
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function handle(req: IncomingMessage, res: ServerResponse) {
  const origin = req.headers.origin;
  if (origin) {
    res.setHeader('Access-Control-Allow-Origin', origin);
    res.setHeader('Access-Control-Allow-Credentials', 'true');
    res.setHeader('Vary', 'Origin');
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
  const body = Buffer.concat(chunks).toString('utf8');
  const path = (req.url ?? '').replace(/\?.*$/, '');
  seen.push({
    method: req.method ?? '',
    path,
    authorization: req.headers.authorization,
    acceptLanguage: req.headers['accept-language'],
    cookie: req.headers.cookie,
    body,
  });
  const authorized = req.headers.authorization === `Bearer ${NEW_TOKEN}`;

  switch (`${req.method} ${path}`) {
    case 'POST /api/auth/login':
      return sendJson(res, 200, { status: true, accessToken: 'old-token' }, { 'Set-Cookie': 'refresh=r1; Path=/; HttpOnly' });
    case 'POST /api/tokens/refresh-token': {
      await sleep(refreshDelayMs);
      switch (refreshMode) {
        case 'accessToken':
          return sendJson(res, 200, { status: true, accessToken: NEW_TOKEN });
        case 'token':
          return sendJson(res, 200, { status: true, token: NEW_TOKEN });
        case 'data.accessToken':
          return sendJson(res, 200, { status: true, data: { accessToken: NEW_TOKEN } });
        case 'no-token':
          return sendJson(res, 200, { status: true, data: {} });
        case 'unauthorized':
          return sendJson(res, 401, { status: false, msg: 'Refresh token revoked' });
        case 'suspended':
          return sendJson(res, 401, { status: false, err: 'account_suspended', msg: 'This account is suspended until 1 Jan 2031. Please contact support.' });
        case 'server-error':
          return sendJson(res, 503, { status: false });
      }
      return;
    }
    case 'GET /api/protected':
      return authorized ? sendJson(res, 200, { status: true, data: 'secret' }) : sendJson(res, 401, { status: false, msg: 'Expired' });
    case 'GET /api/protected-slow':
      await sleep(300);
      return authorized ? sendJson(res, 200, { status: true, data: 'secret' }) : sendJson(res, 401, { status: false, msg: 'Expired' });
    case 'POST /api/protected':
      return authorized
        ? sendJson(res, 200, { status: true, data: JSON.parse(body || 'null') })
        : sendJson(res, 401, { status: false, msg: 'Expired' });
    case 'GET /api/always-401':
      return sendJson(res, 401, { status: false, msg: 'No' });
    case 'GET /api/missing':
      return sendJson(res, 404, { status: false, msg: 'Not here' });
    case 'POST /api/ok':
      return sendJson(res, 200, { status: true, msg: 'Saved', data: { id: 1 } });
    case 'POST /api/ok-no-msg':
      return sendJson(res, 200, { status: true });
    case 'POST /api/refused':
      return sendJson(res, 200, { status: false, msg: 'Plan not found', err: 404, errors: { planId: 'Unknown plan' } });
    case 'POST /api/refused-no-msg':
      return sendJson(res, 200, { status: false });
    case 'POST /api/bad-request':
      return sendJson(res, 422, { status: false, msg: 'Invalid email format', errors: { email: 'Invalid email format' } });
    case 'PUT /api/items/1':
      return sendJson(res, 200, { status: true });
    case 'DELETE /api/items/1':
      return sendJson(res, 200, { status: false });
    case 'GET /api/boom':
      return sendJson(res, 500, { status: false, message: 'Database unavailable' });
    case 'GET /api/boom-bare':
      return sendJson(res, 502, {});
    case 'GET /api/slow':
      await sleep(2_000);
      return sendJson(res, 200, { status: true });
    case 'GET /api/language':
      return sendJson(res, 200, { status: true, data: req.headers['accept-language'] });
    default:
      return sendJson(res, 404, { status: false, msg: `No route ${req.method} ${path}` });
  }
}

beforeAll(async () => {
  server = createServer((req, res) => {
    handle(req, res).catch((error: unknown) => {
      res.writeHead(500);
      res.end(String(error));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api`;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

const user: SessionUser = { id: 42, name: 'Layla Haddad', email: 'layla@example.ae', role: 'user' };

let storage: MemoryStorage;
let store: TokenStore;
let bus: EventBus<EventMap>;
let events: BusRecorder<EventMap>;
let onSessionExpired: ReturnType<typeof vi.fn<(path: string) => void>>;

function client(options: Partial<ApiClientOptions> = {}): ApiClient {
  return createApiClient({ baseURL: base, store, bus, onSessionExpired, getLocale: () => 'en', ...options });
}
const calls = (method: string, path: string) => seen.filter((r) => r.method === method && r.path === path);

beforeEach(() => {
  seen = [];
  refreshMode = 'accessToken';
  refreshDelayMs = 60;
  storage = createMemoryStorage({ accessToken: 'old-token', user: JSON.stringify(user), user_id: '42' });
  bus = createEventBus<EventMap>();
  events = recordBus(bus);
  store = createTokenStore(storage, { bus, syncSource: null });
  onSessionExpired = vi.fn<(path: string) => void>();
});
afterEach(() => store.dispose());

describe('headers', () => {
  it('sends the bearer token, the current locale and cookies', async () => {
    const api = client({ getLocale: (): Locale => 'ar' });
    await api.post('auth/login', { email: 'x' }, { skipAuthRefresh: true });
    const response = await api.get('language');
    expect(response.data.data).toBe('ar');
    const [login, language] = seen;
    expect(login?.authorization).toBe('Bearer old-token');
    expect(language?.acceptLanguage).toBe('ar');
    expect(language?.cookie).toContain('refresh=r1');
  });

  it('sends no Authorization header when signed out', async () => {
    store.getState().clear();
    await client().get('language');
    expect(seen[0]?.authorization).toBeUndefined();
  });
});

describe('token refresh', () => {
  it('three concurrent 401s cause exactly one refresh and three retries with the new token', async () => {
    const api = client();
    const [a, b, c] = await Promise.all([
      api.get('protected'),
      api.get('protected'),
      api.post('protected', { title: 'Research', tags: ['ai'] }),
    ]);
    expect(a.data).toEqual({ status: true, data: 'secret' });
    expect(b.data).toEqual({ status: true, data: 'secret' });
    expect(c.data).toEqual({ status: true, data: { title: 'Research', tags: ['ai'] } });

    const refreshes = calls('POST', '/api/tokens/refresh-token');
    expect(refreshes).toHaveLength(1);
    expect(refreshes[0]?.body).toBe('');
    expect(refreshes[0]?.authorization).toBeUndefined();

    const protectedCalls = seen.filter((r) => r.path === '/api/protected');
    expect(protectedCalls.filter((r) => r.authorization === 'Bearer old-token')).toHaveLength(3);
    expect(protectedCalls.filter((r) => r.authorization === `Bearer ${NEW_TOKEN}`)).toHaveLength(3);
    // Every retry left after the refresh call.
    const refreshIndex = seen.indexOf(refreshes[0] as SeenRequest);
    const retried = seen.filter((r) => r.authorization === `Bearer ${NEW_TOKEN}`);
    expect(retried.every((r) => seen.indexOf(r) > refreshIndex)).toBe(true);

    expect(store.getState()).toMatchObject({ accessToken: NEW_TOKEN, user, isSignedIn: true });
    expect(storage.getItem('accessToken')).toBe(NEW_TOKEN);
    expect(onSessionExpired).not.toHaveBeenCalled();
    expect(events.of('toast')).toEqual([]);
    // A token rotation is not a session change.
    expect(events.of('auth:changed')).toEqual([]);
  });

  it('a 401 arriving after the refresh ended is replayed with the new token, no second refresh', async () => {
    const api = client();
    // Both leave with the old token; the slow one's 401 arrives after the refresh finished.
    const [fast, slow] = await Promise.all([api.get('protected'), api.get('protected-slow')]);
    expect(fast.status).toBe(200);
    expect(slow.status).toBe(200);
    expect(calls('POST', '/api/tokens/refresh-token')).toHaveLength(1);
    expect(calls('GET', '/api/protected-slow').map((r) => r.authorization)).toEqual([
      'Bearer old-token',
      `Bearer ${NEW_TOKEN}`,
    ]);
  });

  it('two clients over the same session share one refresh', async () => {
    const [a, b] = await Promise.all([client().get('protected'), client().get('protected')]);
    expect([a.status, b.status]).toEqual([200, 200]);
    expect(calls('POST', '/api/tokens/refresh-token')).toHaveLength(1);
  });

  it.each(['accessToken', 'token', 'data.accessToken'] as const)('reads the new token from %s', async (mode) => {
    refreshMode = mode;
    const response = await client().get('protected');
    expect(response.status).toBe(200);
    expect(store.getState().accessToken).toBe(NEW_TOKEN);
  });

  it.each([
    ['unauthorized', 'Failed to refresh token'],
    ['server-error', 'Failed to refresh token'],
    ['no-token', 'No access token in refresh response'],
  ] as const)('a failed refresh (%s) clears the session and goes to login once', async (mode, message) => {
    refreshMode = mode;
    const api = client();
    const results = await Promise.allSettled([api.get('protected'), api.get('protected'), api.post('protected', {})]);
    for (const result of results) {
      expect(result.status).toBe('rejected');
      const error = (result as PromiseRejectedResult).reason as ApiError;
      expect(error).toBeInstanceOf(ApiError);
      expect(error).toMatchObject({ kind: 'session-expired', status: 401, message });
    }
    expect(calls('POST', '/api/tokens/refresh-token')).toHaveLength(1);
    expect(onSessionExpired).toHaveBeenCalledTimes(1);
    expect(onSessionExpired).toHaveBeenCalledWith('/login?error=session_expired');
    expect(store.getState()).toMatchObject({ accessToken: null, user: null, userId: null, isSignedIn: false, ended: 'expired' });
    expect(storage.snapshot()).toEqual({});
    expect(events.of('auth:changed')).toEqual([{ signedIn: false, user: null }]);
    expect(events.of('toast')).toEqual([]);
  });

  it('a refresh refused because the account is suspended says so: the sign-in page for a suspension, the API\'s message', async () => {
    refreshMode = 'suspended';
    const api = client();
    const error = await api.get('protected').then(
      () => null,
      (reason: unknown) => reason as ApiError,
    );
    expect(error).toMatchObject({ kind: 'session-expired', status: 401, err: 'account_suspended', message: 'This account is suspended until 1 Jan 2031. Please contact support.' });
    expect(onSessionExpired).toHaveBeenCalledWith('/login?error=account_suspended');
    expect(store.getState()).toMatchObject({ isSignedIn: false, ended: 'suspended' });
    expect(storage.snapshot()).toEqual({});
  });

  it('by default, expiry navigates through the bus when a router listens', async () => {
    refreshMode = 'unauthorized';
    const navigate = vi.fn();
    bus.on('navigate', navigate);
    const api = createApiClient({ baseURL: base, store, bus, getLocale: () => 'en' });
    await expect(api.get('protected')).rejects.toBeInstanceOf(ApiError);
    expect(navigate).toHaveBeenCalledWith({ to: '/login?error=session_expired', replace: true });
  });

  it('does not refresh for a call made without a token, with skipAuthRefresh, or twice', async () => {
    const api = client();
    const skipped = await api.get('protected', { skipAuthRefresh: true });
    expect(skipped.status).toBe(401);

    store.getState().clear();
    const guest = await api.get('protected');
    expect(guest.status).toBe(401);
    expect(calls('POST', '/api/tokens/refresh-token')).toHaveLength(0);

    store.getState().setSession({ accessToken: 'old-token', user });
    const stillUnauthorized = await api.get('always-401');
    expect(stillUnauthorized.status).toBe(401);
    expect(calls('POST', '/api/tokens/refresh-token')).toHaveLength(1);
    expect(calls('GET', '/api/always-401')).toHaveLength(2);
  });

  it('refreshAccessToken refreshes on demand', async () => {
    await expect(client().refreshAccessToken()).resolves.toBe(NEW_TOKEN);
    expect(store.getState().accessToken).toBe(NEW_TOKEN);
  });
});

describe('response semantics', () => {
  it('4xx are responses for reads, not throws', async () => {
    const response = await client().get('missing');
    expect(response.status).toBe(404);
    expect(response.data).toEqual({ status: false, msg: 'Not here' });
    expect(events.of('toast')).toEqual([]);
  });

  it('a POST with a falsy status shows a warning toast with msg and rejects with an ApiError', async () => {
    const error = await client()
      .post('refused', { planId: 9 })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      kind: 'rejected',
      status: 200,
      msg: 'Plan not found',
      err: 404,
      errors: { planId: 'Unknown plan' },
      message: 'Plan not found',
    });
    expect(events.of('toast')).toEqual([{ kind: 'warning', title: 'Warning', message: 'Plan not found' }]);
  });

  it("without msg the warning says 'Operation failed' (localized)", async () => {
    await expect(client().post('refused-no-msg')).rejects.toMatchObject({ message: 'Operation failed', msg: undefined });
    await expect(client({ getLocale: () => 'ar' }).post('refused-no-msg')).rejects.toMatchObject({ message: 'فشلت العملية' });
    expect(events.of('toast').map((toast) => toast.message)).toEqual(['Operation failed', 'فشلت العملية']);
    expect(events.of('toast')[1]?.title).toBe('تحذير');
  });

  it('a POST answered 4xx with status false rejects with its status and field errors', async () => {
    await expect(client().post('bad-request', {})).rejects.toMatchObject({
      status: 422,
      errors: { email: 'Invalid email format' },
    });
  });

  it('errorToast: false rejects without a toast', async () => {
    await expect(client().post('refused', {}, { errorToast: false })).rejects.toBeInstanceOf(ApiError);
    expect(events.of('toast')).toEqual([]);
  });

  it('a POST with a truthy status resolves; successToast shows msg, else the default', async () => {
    const api = client();
    const response = await api.post('ok', {});
    expect(response.data).toEqual({ status: true, msg: 'Saved', data: { id: 1 } });
    expect(events.of('toast')).toEqual([]);

    await api.post('ok', {}, { successToast: true });
    await api.post('ok-no-msg', {}, { successToast: true });
    await api.post('ok-no-msg', {}, { successToast: 'Request submitted' });
    await api.put('items/1', {}, { successToast: true });
    await api.post('ok', {}, { successToast: true, silent: true });
    expect(events.of('toast')).toEqual([
      { kind: 'success', title: 'Success', message: 'Saved' },
      { kind: 'success', title: 'Success', message: 'Operation completed successfully' },
      { kind: 'success', title: 'Success', message: 'Request submitted' },
      { kind: 'success', title: 'Success', message: 'Updated successfully' },
    ]);
  });

  it("a DELETE answered status false warns 'Failed to delete'", async () => {
    await expect(client().delete('items/1')).rejects.toMatchObject({ message: 'Failed to delete' });
  });

  it('5xx show an error toast with the server message and reject', async () => {
    const api = client();
    await expect(api.get('boom')).rejects.toMatchObject({ kind: 'server', status: 500, message: 'Database unavailable' });
    await expect(api.get('boom-bare')).rejects.toMatchObject({ kind: 'server', status: 502, message: 'Failed to fetch data' });
    expect(events.of('toast')).toEqual([
      { kind: 'error', title: 'Error', message: 'Database unavailable' },
      { kind: 'error', title: 'Error', message: 'Failed to fetch data' },
    ]);
  });

  it('a network failure shows the localized default and rejects', async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    const api = client({ baseURL: `http://127.0.0.1:${port}/api` });
    await expect(api.post('anything', {})).rejects.toMatchObject({ kind: 'network', status: 0, message: 'Operation failed' });
    expect(events.of('toast')).toEqual([{ kind: 'error', title: 'Error', message: 'Operation failed' }]);
  });

  it('a timeout rejects with kind timeout', async () => {
    await expect(client({ timeout: 100 }).get('slow')).rejects.toMatchObject({ kind: 'timeout', status: 0 });
  });
});

describe('loader', () => {
  it('emits loading:start and loading:stop with the same id around a call', async () => {
    await client().post('ok', {});
    const starts = events.of('loading:start');
    const stops = events.of('loading:stop');
    expect(starts).toHaveLength(1);
    expect(stops).toEqual([{ id: starts[0]?.id }]);
    expect(events.events.map((event) => event.topic)).toEqual(['loading:start', 'loading:stop']);
  });

  it('silent calls emit no loader', async () => {
    const api = client();
    await api.post('ok', { limit: 12, page: 1, col: 'name_en', search: '' }, { silent: true });
    await api.get('missing', { silent: true });
    await expect(api.get('boom', { silent: true, errorToast: false })).rejects.toBeInstanceOf(ApiError);
    expect(events.of('loading:start')).toEqual([]);
    expect(events.of('loading:stop')).toEqual([]);
  });

  it('one loader spans a refresh and the replay; stops on failure too', async () => {
    const api = client();
    await api.get('protected');
    await expect(api.get('boom')).rejects.toBeInstanceOf(ApiError);
    const starts = events.of('loading:start').map((event) => event.id);
    const stops = events.of('loading:stop').map((event) => event.id);
    expect(starts).toHaveLength(2);
    expect(stops).toEqual(starts);
  });

  it('a cancellable call can be aborted from the loader', async () => {
    bus.on('loading:start', ({ onCancel }) => setTimeout(() => onCancel?.(), 50));
    await expect(client().get('slow', { cancellable: true })).rejects.toMatchObject({ kind: 'canceled' });
    expect(events.of('loading:start')[0]?.cancellable).toBe(true);
    expect(events.of('loading:stop')).toHaveLength(1);
    expect(events.of('toast')).toEqual([]);
  });
});
