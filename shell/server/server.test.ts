import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtempSync, mkdirSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import Fastify, { type FastifyInstance } from 'fastify';
import fastifyMultipart from '@fastify/multipart';
import fastifyWebsocket from '@fastify/websocket';
import WebSocket from 'ws';
import { PROXY_MAX_WS_FRAME_BYTES, buildShellServer, filesOriginsFromEnv, type ShellServerOptions } from './index';

const PAGE_TEMPLATE = '<!doctype html><html><head><title>shell</title></head><body><div id="root"></div></body></html>';

/** A dist folder with a page template and one hashed asset, and a remote manifest file. */
function shellFiles(prefix: string) {
  const dir = mkdtempSync(path.join(tmpdir(), prefix));
  const dist = path.join(dir, 'dist');
  mkdirSync(path.join(dist, 'assets'), { recursive: true });
  writeFileSync(path.join(dist, 'index.html'), PAGE_TEMPLATE);
  writeFileSync(path.join(dist, 'assets', 'main-abc123.js'), 'export {};');
  const manifestFile = path.join(dir, 'remotes.json');
  writeFileSync(manifestFile, JSON.stringify({ remotes: [] }));
  return { dist, manifestFile };
}

async function startShell(options: Partial<ShellServerOptions> & { apiUrl: string }) {
  const { dist, manifestFile } = shellFiles('shell-extra-');
  const shell = await buildShellServer({ distDir: dist, manifest: { file: manifestFile }, ...options });
  await shell.listen({ port: 0, host: '127.0.0.1' });
  return { shell, port: (shell.server.address() as { port: number }).port };
}

const portOf = (server: FastifyInstance) => (server.server.address() as { port: number }).port;

/** Sends `text` as is on a new connection (paths no URL parser would keep) and reads the answer. */
function rawRequest(port: number, text: string): Promise<{ status: number; headers: string; body: string }> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1');
    let data = '';
    socket.setEncoding('utf8');
    socket.on('data', (chunk: string) => (data += chunk));
    socket.on('error', reject);
    socket.on('close', () => {
      const split = data.indexOf('\r\n\r\n');
      resolve({ status: Number(data.slice(9, 12)), headers: data.slice(0, split).toLowerCase(), body: data.slice(split + 4) });
    });
    // Not half-closed: the server would take the end of input for a client that left.
    socket.write(text);
  });
}

interface Answer {
  status: number;
  body: string;
  reusedSocket: boolean;
  ms: number;
}

/** One request through `agent` (kept-alive connections), failing after 5 s rather than hanging. */
function send(agent: http.Agent, port: number, method: string, url: string, body?: Buffer | Readable, headers: Record<string, string> = {}) {
  return new Promise<Answer>((resolve, reject) => {
    const started = Date.now();
    const request = http.request({ host: '127.0.0.1', port, method, path: url, agent, headers }, (response) => {
      let text = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => (text += chunk));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, body: text, reusedSocket: request.reusedSocket, ms: Date.now() - started }));
    });
    request.setTimeout(5_000, () => request.destroy(new Error(`no answer to ${method} ${url} in 5 s`)));
    request.on('error', reject);
    if (body instanceof Readable) body.pipe(request);
    else request.end(body);
  });
}

// Real servers on 127.0.0.1: the shell server in front of a small upstream standing in for the API.
describe('shell server', () => {
  let upstream: FastifyInstance;
  let shell: FastifyInstance;
  let base = '';
  const dir = mkdtempSync(path.join(tmpdir(), 'shell-server-'));
  const manifestFile = path.join(dir, 'remotes.json');
  const writeManifest = (origin: string) =>
    writeFileSync(manifestFile, JSON.stringify({ remotes: [{ name: 'conferences', entry: `${origin}/mf-manifest.json` }] }));

  beforeAll(async () => {
    const dist = path.join(dir, 'dist');
    mkdirSync(path.join(dist, 'assets'), { recursive: true });
    writeFileSync(path.join(dist, 'index.html'), PAGE_TEMPLATE);
    writeFileSync(path.join(dist, 'assets', 'main-abc123.js'), 'export {};');
    writeManifest('http://127.0.0.1:9101');

    upstream = Fastify();
    upstream.get('/api/echo', async (request, reply) => {
      reply.header('set-cookie', 'refresh=abc; HttpOnly; SameSite=Strict; Path=/api');
      return {
        status: true,
        data: {
          cookie: request.headers.cookie ?? null,
          forwardedFor: request.headers['x-forwarded-for'] ?? null,
          forwardedHost: request.headers['x-forwarded-host'] ?? null,
          forwardedProto: request.headers['x-forwarded-proto'] ?? null,
        },
      };
    });
    await upstream.register(fastifyWebsocket);
    upstream.get('/api/ws-echo', { websocket: true }, (socket, request) => {
      socket.send(JSON.stringify({ origin: request.headers.origin ?? null }));
      socket.on('message', (data: Buffer) => socket.send(`echo:${data.toString()}`));
    });
    // Team member 3 exists (the shell answers its page 200); any other is a 404.
    upstream.get('/api/team/3', async () => ({ status: true, data: { id: 3 } }));
    upstream.get('/files/images/a.svg', async (_request, reply) =>
      reply.header('content-security-policy', "default-src 'none'; sandbox").header('x-content-type-options', 'nosniff').type('image/svg+xml').send('<svg/>'),
    );
    await upstream.listen({ port: 0, host: '127.0.0.1' });
    const upstreamUrl = `http://127.0.0.1:${(upstream.server.address() as { port: number }).port}`;

    shell = await buildShellServer({ distDir: dist, apiUrl: upstreamUrl, manifest: { file: manifestFile }, frameAncestors: ["'self'"] });
    await shell.listen({ port: 0, host: '127.0.0.1' });
    base = `http://127.0.0.1:${(shell.server.address() as { port: number }).port}`;
  });

  afterAll(async () => {
    await shell?.close();
    await upstream?.close();
  });

  it('sends the document-only headers with pages, not with the build\'s scripts', async () => {
    const asset = await fetch(`${base}/assets/main-abc123.js`);
    expect(asset.status).toBe(200);
    expect(asset.headers.get('content-security-policy')).toBeNull();
    expect(asset.headers.get('x-frame-options')).toBeNull();
    expect(asset.headers.get('x-content-type-options')).toBe('nosniff');
    expect(asset.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    const page = await fetch(`${base}/about`);
    expect(page.headers.get('content-security-policy')).toContain("default-src 'self'");
  });

  it('serves client routes with the app shell, under a strict CSP naming the remote origins', async () => {
    const response = await fetch(`${base}/conference/12?tab=agenda`);
    expect(response.status).toBe(200);
    expect(await response.text()).toContain('<div id="root">');
    const csp = response.headers.get('content-security-policy') ?? '';
    expect(csp).toContain("script-src 'self' http://127.0.0.1:9101");
    expect(csp).toContain("object-src 'none'");
    expect(csp).toContain("base-uri 'none'");
    expect(csp).toContain("frame-ancestors 'self'");
    expect(csp).not.toContain('unsafe-inline');
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(response.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
    expect(response.headers.get('cache-control')).toBe('no-cache');
  });

  it('serves the home page to every client, asking for compression or not, HEAD included', async () => {
    for (const encoding of ['identity', 'gzip, deflate, br']) {
      const response = await fetch(`${base}/`, { headers: { 'accept-encoding': encoding } });
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toContain('text/html');
      expect(await response.text()).toContain('<div id="root">');
    }
    const head = await fetch(`${base}/`, { method: 'HEAD', headers: { 'accept-encoding': 'identity' } });
    expect(head.status).toBe(200);
  });

  it('answers a path that is no route of the site with the app shell (its 404 page) and status 404', async () => {
    const unknown = await fetch(`${base}/no/such/page`);
    expect(unknown.status).toBe(404);
    expect(unknown.headers.get('content-type')).toContain('text/html');
    expect(await unknown.text()).toContain('<div id="root">');
    expect((await fetch(`${base}/team/3`)).status).toBe(200);
    expect((await fetch(`${base}/team/4`)).status).toBe(404);
  });

  it('reads the manifest on each request: moving a remote needs no rebuild or restart', async () => {
    writeManifest('http://127.0.0.1:9202');
    const manifest = await fetch(`${base}/remotes.json`);
    expect(manifest.headers.get('cache-control')).toBe('no-store');
    expect(await manifest.json()).toEqual({ remotes: [{ name: 'conferences', entry: 'http://127.0.0.1:9202/mf-manifest.json' }] });
    const page = await fetch(`${base}/`);
    expect(page.headers.get('content-security-policy')).toContain('http://127.0.0.1:9202');
  });

  it('caches hashed assets forever and answers a missing asset with a 404 envelope', async () => {
    const asset = await fetch(`${base}/assets/main-abc123.js`);
    expect(asset.status).toBe(200);
    expect(asset.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    const missing = await fetch(`${base}/assets/nope.js`);
    expect(missing.status).toBe(404);
    expect(await missing.json()).toMatchObject({ status: false });
  });

  it('proxies /api and /files to the API on the same origin, cookies included', async () => {
    const response = await fetch(`${base}/api/echo`, { headers: { cookie: 'refresh=old' } });
    expect(response.status).toBe(200);
    expect(response.headers.get('set-cookie')).toContain('refresh=abc');
    const body = (await response.json()) as { data: { cookie: string; forwardedFor: string } };
    expect(body.data.cookie).toBe('refresh=old');
    expect(body.data.forwardedFor).toBe('127.0.0.1');
    const file = await fetch(`${base}/files/images/a.svg`);
    expect(file.headers.get('content-type')).toContain('image/svg+xml');
  });

  it('proxies WebSocket upgrades under /api, keeping the browser Origin for the API to check', async () => {
    const socket = new WebSocket(`${base.replace('http', 'ws')}/api/ws-echo`, { origin: 'http://localhost:8080' });
    const messages: string[] = [];
    await new Promise<void>((resolve, reject) => {
      socket.on('message', (data: Buffer) => {
        messages.push(data.toString());
        if (messages.length === 1) socket.send('hello');
        if (messages.length === 2) resolve();
      });
      socket.on('error', reject);
    });
    // Closed to the end before the next test: a close still travelling through the proxy when the
    // servers stop holds the shell's close until ws's 30 s close timeout (seen once in CI).
    const closed = new Promise<void>((resolve) => socket.once('close', () => resolve()));
    socket.close();
    await closed;
    expect(JSON.parse(messages[0]!)).toEqual({ origin: 'http://localhost:8080' });
    expect(messages[1]).toBe('echo:hello');
  });

  it('closes a WebSocket that sends a frame over the proxy limit (1009), before passing it on', async () => {
    const socket = new WebSocket(`${base.replace('http', 'ws')}/api/ws-echo`, { origin: 'http://localhost:8080' });
    const messages: string[] = [];
    const closed = await new Promise<number>((resolve, reject) => {
      socket.on('message', (data: Buffer) => {
        messages.push(data.toString());
        if (messages.length === 1) socket.send('x'.repeat(PROXY_MAX_WS_FRAME_BYTES + 1));
      });
      socket.on('close', (code) => resolve(code));
      socket.on('error', reject);
    });
    expect(closed).toBe(1009);
    expect(messages.some((message) => message.startsWith('echo:'))).toBe(false);
  });

  it('passes the API\'s own security headers through untouched (the /files sandbox CSP), adding none of its own', async () => {
    const file = await fetch(`${base}/files/images/a.svg`);
    expect(file.status).toBe(200);
    expect(file.headers.get('content-security-policy')).toBe("default-src 'none'; sandbox");
    expect(file.headers.get('x-content-type-options')).toBe('nosniff');
    const data = await fetch(`${base}/api/echo`);
    expect(data.status).toBe(200);
    // The stand-in API sends no policy: none of the shell's page policy is added to its answers.
    expect(data.headers.get('content-security-policy')).toBeNull();
    expect(data.headers.get('cross-origin-opener-policy')).toBeNull();
  });

  it('sends documents a Permissions-Policy denying the device features the site does not use, and no X-Frame-Options (CSP frame-ancestors rules framing)', async () => {
    const page = await fetch(`${base}/about`);
    const policy = page.headers.get('permissions-policy') ?? '';
    for (const feature of ['camera', 'microphone', 'geolocation', 'payment', 'usb']) expect(policy).toContain(`${feature}=()`);
    expect(page.headers.get('x-frame-options')).toBeNull();
    expect(page.headers.get('content-security-policy')).toContain("frame-ancestors 'self'");
    // Not a document: no policy for scripts, nor on the API's answers the shell passes on.
    expect((await fetch(`${base}/assets/main-abc123.js`)).headers.get('permissions-policy')).toBeNull();
    expect((await fetch(`${base}/api/echo`)).headers.get('permissions-policy')).toBeNull();
  });

  it('answers paths the proxy refuses (traversal, undecodable) under /api and /files with the envelope and a 400, in the asked language', async () => {
    const port = Number(new URL(base).port);
    for (const target of ['/api/..%2f..%2fetc/passwd', '/api/conference/%2e%2e%2fx', '/files/..%2f..%2fetc/passwd', '/api/x\\..\\..\\y', '/api/%E0%A4%A', '/files/%c0%ae%c0%ae/x', '/%E0%A4%A']) {
      const answer = await rawRequest(port, `GET ${target} HTTP/1.1\r\nHost: 127.0.0.1\r\nAccept-Language: ar\r\nConnection: close\r\n\r\n`);
      expect(answer.status, target).toBe(400);
      expect(answer.headers, target).toContain('content-type: application/json');
      expect(JSON.parse(answer.body), target).toEqual({ status: false, msg: 'مدخلات غير صالحة', err: 400 });
    }
    const english = await fetch(`${base}/api/conference/%2e%2e%2fx`);
    expect(english.status).toBe(400);
    expect(await english.json()).toEqual({ status: false, msg: 'Invalid input', err: 400 });
  });

  it('answers requests Node\'s parser refuses (headers over the limit, a malformed request line) with the envelope', async () => {
    const port = Number(new URL(base).port);
    const big = await rawRequest(port, `GET /api/echo HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`);
    expect(big.status).toBe(431);
    expect(JSON.parse(big.body)).toEqual({ status: false, msg: 'The request is too large', err: 431 });
    const garbage = await rawRequest(port, 'NOT A REQUEST\r\n\r\n');
    expect(garbage.status).toBe(400);
    expect(JSON.parse(garbage.body)).toMatchObject({ status: false, err: 400 });
  });

  it('answers a body it cannot read on its own routes with the envelope, not Fastify\'s error body', async () => {
    const response = await fetch(`${base}/about`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{{{' });
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ status: false, msg: 'The request body is not valid JSON', err: 400 });
    const missing = await fetch(`${base}/nope.txt`, { headers: { 'accept-language': 'ar' } });
    expect(missing.status).toBe(404);
    expect(await missing.json()).toEqual({ status: false, msg: 'غير موجود', err: 404 });
  });

  it('trusts no forwarded header by default: X-Forwarded-Host stays out of the page, X-Forwarded-For and -Proto out of what the API is told', async () => {
    const forged = { 'x-forwarded-host': 'evil.example', 'x-forwarded-proto': 'https', 'x-forwarded-for': '203.0.113.9' };
    const page = await fetch(`${base}/about`, { headers: forged });
    const html = await page.text();
    expect(html).not.toContain('evil.example');
    expect(html).toContain(`href="${base}/about"`);
    const echo = await fetch(`${base}/api/echo`, { headers: forged });
    const { data } = (await echo.json()) as { data: Record<string, string> };
    expect(data.forwardedFor).toBe('127.0.0.1');
    expect(data.forwardedProto).toBe('http');
    expect(data.forwardedHost).toBe(new URL(base).host);
  });
});

describe('shell server shutdown', () => {
  it('closes a keep-alive connection whose answer was still being sent when the close began (no wait for the keep-alive timeout)', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'shell-close-'));
    const dist = path.join(dir, 'dist');
    mkdirSync(dist, { recursive: true });
    writeFileSync(path.join(dist, 'index.html'), '<!doctype html><title>shell</title><div id="root"></div>');
    const manifestFile = path.join(dir, 'remotes.json');
    writeFileSync(manifestFile, JSON.stringify({ remotes: [] }));
    const upstream = Fastify();
    upstream.get('/api/slow', async () => {
      await new Promise((resolve) => setTimeout(resolve, 300));
      return { status: true };
    });
    await upstream.listen({ port: 0, host: '127.0.0.1' });
    const shell = await buildShellServer({
      distDir: dist,
      apiUrl: `http://127.0.0.1:${(upstream.server.address() as { port: number }).port}`,
      manifest: { file: manifestFile },
    });
    await shell.listen({ port: 0, host: '127.0.0.1' });
    const base = `http://127.0.0.1:${(shell.server.address() as { port: number }).port}`;
    try {
      // A kept-alive connection (a first answer), then an answer in flight when the close begins.
      expect((await fetch(`${base}/api/slow`)).status).toBe(200);
      const inFlight = fetch(`${base}/api/slow`);
      await new Promise((resolve) => setTimeout(resolve, 100));
      const started = Date.now();
      await shell.close();
      expect(Date.now() - started).toBeLessThan(5_000);
      const answer = await inFlight;
      expect(answer.status).toBe(200);
      expect(await answer.json()).toEqual({ status: true });
    } finally {
      await shell.close();
      await upstream.close();
    }
  });
});

describe('shell server behind a trusted proxy (TRUST_PROXY)', () => {
  it('uses the forwarded host and scheme of a trusted proxy, and passes on the chain from the first untrusted address', async () => {
    const upstream = Fastify();
    upstream.get('/api/echo', async (request) => ({
      forwardedFor: request.headers['x-forwarded-for'],
      forwardedHost: request.headers['x-forwarded-host'],
      forwardedProto: request.headers['x-forwarded-proto'],
    }));
    await upstream.listen({ port: 0, host: '127.0.0.1' });
    const { shell, port } = await startShell({ apiUrl: `http://127.0.0.1:${portOf(upstream)}`, trustProxy: 'loopback' });
    try {
      const headers = { 'x-forwarded-host': 'scholars.example', 'x-forwarded-proto': 'https', 'x-forwarded-for': '198.51.100.7, 203.0.113.9' };
      const page = await fetch(`http://127.0.0.1:${port}/about`, { headers });
      expect(await page.text()).toContain('href="https://scholars.example/about"');
      const echo = await fetch(`http://127.0.0.1:${port}/api/echo`, { headers });
      // 203.0.113.9 is the first address that is no trusted proxy: the client. What it claims
      // before it (198.51.100.7) is dropped.
      expect(await echo.json()).toEqual({ forwardedFor: '203.0.113.9, 127.0.0.1', forwardedHost: 'scholars.example', forwardedProto: 'https' });
    } finally {
      await shell.close();
      await upstream.close();
    }
  });
});

// The API's body limit, as the API applies it (Fastify's bodyLimit, and @fastify/multipart's file
// limit for uploads): a refused body is answered early and the connection closed mid-upload.
const BODY_LIMIT = 1024 * 1024;

describe('shell server proxying bodies over the API\'s limit', () => {
  let upstream: FastifyInstance;
  let shell: FastifyInstance;
  let port = 0;
  const envelope = { status: false, msg: 'The request is too large', err: 413 };

  beforeAll(async () => {
    upstream = Fastify({ bodyLimit: BODY_LIMIT });
    await upstream.register(fastifyMultipart, { limits: { fileSize: BODY_LIMIT } });
    upstream.setErrorHandler((error: { statusCode?: number }, _request, reply) =>
      reply.code(error.statusCode ?? 500).send({ status: false, msg: error.statusCode === 413 ? envelope.msg : 'error', err: error.statusCode ?? 500 }),
    );
    upstream.post('/api/data', async (request) => ({ status: true, data: request.body }));
    upstream.post('/api/upload', async (request) => {
      const file = await request.file();
      return { status: true, data: { size: (await file!.toBuffer()).length } };
    });
    await upstream.listen({ port: 0, host: '127.0.0.1' });
    ({ shell, port } = await startShell({ apiUrl: `http://127.0.0.1:${portOf(upstream)}` }));
  });

  afterAll(async () => {
    await shell?.close();
    await upstream?.close();
  });

  it('passes on the API\'s 413 for a 1.1 MB JSON body every time, and the same keep-alive connection answers the next request at once', async () => {
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    const big = Buffer.from(JSON.stringify({ text: 'a'.repeat(1.1 * 1024 * 1024) }));
    const json = { 'content-type': 'application/json' };
    try {
      for (let attempt = 0; attempt < 20; attempt++) {
        const refused = await send(agent, port, 'POST', '/api/data', big, { ...json, 'content-length': String(big.length) });
        expect(refused.status, `attempt ${attempt}`).toBe(413);
        expect(JSON.parse(refused.body)).toEqual(envelope);
        const next = await send(agent, port, 'POST', '/api/data', Buffer.from('{"a":1}'), { ...json, 'content-length': '7' });
        expect(next.status, `attempt ${attempt}`).toBe(200);
        expect(next.reusedSocket, `attempt ${attempt}`).toBe(true);
        expect(next.ms).toBeLessThan(2_000);
      }
    } finally {
      agent.destroy();
    }
  });

  it('drains the body of a request the shell itself refuses after reading began, so the same connection answers the next request', async () => {
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    // Past the streams' buffers: a body nobody reads stalls the connection.
    const body = Buffer.from(JSON.stringify({ text: 'a'.repeat(200 * 1024) }));
    const json = { 'content-type': 'application/json', 'content-length': String(body.length) };
    try {
      for (const target of ['/api/conference/%2e%2e%2fx', '/api/x\\..\\..\\y', '/api/%E0%A4%A']) {
        const first = await send(agent, port, 'POST', target, body, json);
        expect(first.status, target).toBeGreaterThanOrEqual(400);
        expect(first.status, target).toBeLessThan(500);
        const next = await send(agent, port, 'POST', '/api/data', Buffer.from('{"a":1}'), { 'content-type': 'application/json', 'content-length': '7' });
        expect(next.status, target).toBe(200);
        expect(next.ms, target).toBeLessThan(2_000);
      }
    } finally {
      agent.destroy();
    }
  });

  it('passes on the 413 for a body sent without a length (chunked) and for a multipart upload over the limit, the connection staying usable', async () => {
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    try {
      const chunks = Array.from({ length: 18 }, () => Buffer.alloc(64 * 1024, 'a'));
      const small = () => send(agent, port, 'POST', '/api/data', Buffer.from('{"a":1}'), { 'content-type': 'application/json', 'content-length': '7' });
      for (let attempt = 0; attempt < 5; attempt++) {
        const chunked = await send(agent, port, 'POST', '/api/data', Readable.from([Buffer.from('{"text":"'), ...chunks, Buffer.from('"}')]), {
          'content-type': 'application/json',
        });
        expect(chunked.status, `attempt ${attempt}`).toBe(413);
        expect(JSON.parse(chunked.body)).toEqual(envelope);
        const next = await small();
        expect(next.status).toBe(200);
        expect(next.reusedSocket, `attempt ${attempt}`).toBe(true);
      }

      const form = new FormData();
      form.append('file', new Blob([Buffer.alloc(BODY_LIMIT + 100 * 1024, 'b')], { type: 'application/pdf' }), 'paper.pdf');
      const request = new Request('http://127.0.0.1/', { method: 'POST', body: form });
      const body = Buffer.from(await request.arrayBuffer());
      for (let attempt = 0; attempt < 5; attempt++) {
        const upload = await send(agent, port, 'POST', '/api/upload', body, {
          'content-type': request.headers.get('content-type')!,
          'content-length': String(body.length),
        });
        expect(upload.status, `attempt ${attempt}`).toBe(413);
        expect(JSON.parse(upload.body)).toEqual(envelope);
        const next = await small();
        expect(next.status).toBe(200);
        expect(next.reusedSocket, `attempt ${attempt}`).toBe(true);
      }
      // A small upload still goes through whole.
      const fits = new FormData();
      fits.append('file', new Blob([Buffer.alloc(1000, 'c')]), 'small.pdf');
      const accepted = await fetch(`http://127.0.0.1:${port}/api/upload`, { method: 'POST', body: fits });
      expect(await accepted.json()).toEqual({ status: true, data: { size: 1000 } });
    } finally {
      agent.destroy();
    }
  });
});

describe('shell server draining a refused body', () => {
  it('answers 413 at once and disconnects a client that keeps the rest of its body past the drain limit', async () => {
    const upstream = Fastify({ bodyLimit: BODY_LIMIT });
    // As the API answers a body over its limit (the envelope). Whether the shell reads that answer
    // or its write fails first (then it answers its own 413) depends on timing: both read the same.
    upstream.setErrorHandler((error: { statusCode?: number }, _request, reply) => reply.code(error.statusCode ?? 500).send({ status: false, msg: 'The request is too large', err: 413 }));
    upstream.post('/api/data', async () => ({ status: true }));
    await upstream.listen({ port: 0, host: '127.0.0.1' });
    const { shell, port } = await startShell({ apiUrl: `http://127.0.0.1:${portOf(upstream)}`, drainLimitMs: 300 });
    try {
      const socket = net.connect(port, '127.0.0.1');
      let answer = '';
      socket.setEncoding('utf8');
      socket.on('data', (chunk: string) => (answer += chunk));
      socket.on('error', () => {});
      const started = Date.now();
      // Announces 10 MiB, sends a little over the API's limit, then nothing more.
      socket.write(`POST /api/data HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: ${10 * 1024 * 1024}\r\n\r\n`);
      socket.write(Buffer.alloc(BODY_LIMIT + 64 * 1024, 'a'));
      await new Promise<void>((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`still open after 5 s; received: ${answer.slice(0, 120)}`)), 5_000);
        socket.once('close', () => {
          clearTimeout(timer);
          resolve();
        });
      });
      expect(Date.now() - started).toBeLessThan(3_000);
      expect(answer.startsWith('HTTP/1.1 413')).toBe(true);
      expect(JSON.parse(answer.slice(answer.indexOf('\r\n\r\n') + 4))).toEqual({ status: false, msg: 'The request is too large', err: 413 });
    } finally {
      await shell.close();
      await upstream.close();
    }
  });
});

describe('shell server with the API down', () => {
  it("serves a remote page whose data it could not read as 503 with Retry-After: the browser renders it, a crawler comes back", async () => {
    const closed = Fastify();
    await closed.listen({ port: 0, host: '127.0.0.1' });
    const apiUrl = `http://127.0.0.1:${portOf(closed)}`;
    await closed.close();
    // A remote that renders its conference page on the server from the API's data.
    const remote = Fastify();
    remote.get('/mf-manifest.json', async () => ({ metaData: { remoteEntry: { name: 'remoteEntry.js', path: '' }, publicPath: 'auto' }, exposes: [{ path: './pages', assets: { js: { sync: [] }, css: { sync: [] } } }] }));
    remote.get('/server/render.mjs', async (_request, reply) =>
      reply.type('text/javascript').send(`export const serverModule = { exposes: { pages: { ConferenceDetails: () => null } }, async loadData(_expose, _name, { params, api }) { return { data: { c: await api.get('conference/' + params.id) } }; } };`),
    );
    await remote.listen({ port: 0, host: '127.0.0.1' });
    const { dist, manifestFile } = shellFiles('shell-api-down-');
    writeFileSync(manifestFile, JSON.stringify({ remotes: [{ name: 'conferences', entry: `http://127.0.0.1:${portOf(remote)}/mf-manifest.json` }] }));
    const shell = await buildShellServer({ distDir: dist, manifest: { file: manifestFile }, apiUrl });
    await shell.listen({ port: 0, host: '127.0.0.1' });
    try {
      const response = await fetch(`http://127.0.0.1:${portOf(shell)}/conference/12`);
      expect(response.status).toBe(503);
      expect(response.headers.get('retry-after')).toBe('30');
      expect(await response.text()).toContain('<div id="root"></div>');
    } finally {
      await shell.close();
      await remote.close();
    }
  });


  it('answers /api with a 503 envelope, not a 500', async () => {
    const closed = Fastify();
    await closed.listen({ port: 0, host: '127.0.0.1' });
    const apiUrl = `http://127.0.0.1:${portOf(closed)}`;
    await closed.close();
    const { shell, port } = await startShell({ apiUrl });
    try {
      const response = await fetch(`http://127.0.0.1:${port}/api/echo`, { headers: { 'accept-language': 'en' } });
      expect(response.status).toBe(503);
      expect(await response.json()).toEqual({ status: false, msg: 'The service is temporarily unavailable. Please try again shortly.', err: 503 });
    } finally {
      await shell.close();
    }
  });
});

// ---- files on an object store (issue 22)
describe('pages allow the S3 store of files', () => {
  it('derives the store origins from the API S3 settings (path style, virtual host, AWS, public base)', () => {
    expect(filesOriginsFromEnv({})).toEqual([]);
    expect(filesOriginsFromEnv({ S3_BUCKET: 'files', S3_ENDPOINT: 'http://127.0.0.1:4568', S3_FORCE_PATH_STYLE: 'true' })).toEqual(['http://127.0.0.1:4568']);
    expect(filesOriginsFromEnv({ S3_BUCKET: 'files', S3_REGION: 'me-central-1', S3_PUBLIC_BASE_URL: 'https://cdn.example/media' })).toEqual([
      'https://files.s3.me-central-1.amazonaws.com',
      'https://cdn.example',
    ]);
  });

  it("a page's img-src and frame-src name them (redirected images, presigned PDFs)", async () => {
    const { shell, port } = await startShell({ apiUrl: 'http://127.0.0.1:9', filesOrigins: ['https://files.s3.example'] });
    try {
      const csp = (await fetch(`http://127.0.0.1:${port}/`)).headers.get('content-security-policy') ?? '';
      expect(csp).toMatch(/img-src [^;]*https:\/\/files\.s3\.example/);
      expect(csp).toMatch(/frame-src 'self' https:\/\/files\.s3\.example/);
    } finally {
      await shell.close();
    }
  });
});
