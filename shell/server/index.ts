/**
 * The shell's production server: one origin for the user. It serves the built shell, the runtime
 * remote manifest (/remotes.json) and proxies /api and /files to the API, as the production reverse
 * proxy does, so the refresh-token cookie is first-party. Remotes are served from their own origins.
 */
import type { IncomingMessage } from 'node:http';
import path from 'node:path';
import { PassThrough, finished } from 'node:stream';
import { fileURLToPath } from 'node:url';
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import fastifyStatic from '@fastify/static';
import fastifyCompress from '@fastify/compress';
import fastifyHelmet from '@fastify/helmet';
import fastifyHttpProxy from '@fastify/http-proxy';
import { PERMISSIONS_POLICY } from '@scholars/shared-contracts/constants';
import { readRemoteManifest, remoteOrigins, type RemoteManifestSource } from './remote-manifest';
import { pagePreferences, renderDocument } from './page';
import { clientErrorHandler, errorHandler, frameworkErrorHandler, sendError } from './errors';

/** The largest WebSocket frame the shell's proxy accepts from a browser (close code 1009 above). */
export const PROXY_MAX_WS_FRAME_BYTES = 64 * 1024;

export interface ShellServerOptions {
  distDir?: string;
  apiUrl: string;
  manifest: RemoteManifestSource;
  frameAncestors?: string[];
  /**
   * Origins of the S3 store ({@link filesOriginsFromEnv}): `/files` images may redirect to its public
   * base and private PDFs to presigned addresses, which the page's img-src and frame-src must allow.
   */
  filesOrigins?: string[];
  /**
   * Whose X-Forwarded-* headers to believe (TRUST_PROXY): `true`, `false` (the default: browsers
   * reach the shell directly) or proxy-addr addresses and names (`loopback`, `10.0.0.0/8`).
   */
  trustProxy?: boolean | string;
  /** How long the rest of a body the API did not read is drained (DRAIN_LIMIT_MS; tests shorten it). */
  drainLimitMs?: number;
  logger?: boolean;
}

/** TRUST_PROXY as Fastify takes it: `true`, `false`, or proxy-addr addresses and names. */
/**
 * The origins a page must allow for files when the API stores them in S3 (same S3_* settings as the
 * API): the public base of images (S3_PUBLIC_BASE_URL) and the host of presigned links (S3_ENDPOINT,
 * with the bucket in the host name unless S3_FORCE_PATH_STYLE; AWS S3 of S3_REGION without one).
 */
export function filesOriginsFromEnv(env: NodeJS.ProcessEnv): string[] {
  const bucket = env.S3_BUCKET?.trim();
  if (!bucket) return [];
  const origins: string[] = [];
  try {
    const endpoint = new URL(env.S3_ENDPOINT?.trim() || `https://s3.${env.S3_REGION?.trim() || 'us-east-1'}.amazonaws.com`);
    const pathStyle = ['1', 'true', 'yes', 'on'].includes((env.S3_FORCE_PATH_STYLE ?? '').trim().toLowerCase());
    origins.push(pathStyle ? endpoint.origin : `${endpoint.protocol}//${bucket}.${endpoint.host}`);
    if (env.S3_PUBLIC_BASE_URL?.trim()) origins.push(new URL(env.S3_PUBLIC_BASE_URL.trim()).origin);
  } catch {
    // The API refuses malformed S3 settings at its start; the page then allows nothing more.
  }
  return [...new Set(origins)];
}

export function trustProxyOption(value: string | undefined): boolean | string {
  const setting = value?.trim() ?? '';
  if (setting === '' || setting === 'false') return false;
  if (setting === 'true') return true;
  return setting;
}

/**
 * How long the shell keeps reading, and dropping, the rest of a request body the API stopped
 * reading (it refused it as too large): the client finishes sending and reads the answer on a
 * connection that stays usable; a client still sending after this is disconnected.
 */
export const DRAIN_LIMIT_MS = 10_000;

type RawWithOrigins = { remoteOrigins?: string[] };

const here = path.dirname(fileURLToPath(import.meta.url));

/** Response headers that apply to documents only (helmet sets them on every response). */
export const DOCUMENT_ONLY_HEADERS = [
  'content-security-policy',
  'cross-origin-opener-policy',
  'origin-agent-cluster',
  'x-xss-protection',
  'x-dns-prefetch-control',
  'x-download-options',
  'x-permitted-cross-domain-policies',
];

/**
 * The X-Forwarded-For chain to pass on: the addresses Fastify trusts under TRUST_PROXY (the socket's,
 * then the chain's entries right to left up to the first untrusted one), oldest first. A visitor's
 * own X-Forwarded-For is dropped, so it cannot choose the address the API rate-limits it by.
 */
function forwardedFor(request: { ips?: string[]; ip: string }): string {
  return [...(request.ips ?? [request.ip])].reverse().join(', ');
}

/** Reads and drops the rest of a request body nobody reads any more, for at most `limitMs`. */
function drain(body: IncomingMessage, limitMs: number) {
  if (body.complete || body.destroyed) return;
  const limit = setTimeout(() => body.socket?.destroy(), limitMs);
  limit.unref();
  // Read to its end (the connection serves the next request) or gone: the limit is over.
  finished(body, () => clearTimeout(limit));
  body.unpipe();
  body.resume();
}

/**
 * The body of a proxied request, as a stream the proxy sends on as it arrives (never buffered or
 * parsed here: the API applies its own per-route limits). The proxy reads a stream of its own: when
 * the API stops reading (it refused the body and closed the connection), the proxy's HTTP client
 * destroys its body stream, and destroying the request itself would leave the client's connection
 * with an unread body (its next request on the connection hung). The rest is drained instead.
 */
const forwardBody = (drainLimitMs: number) => (_request: FastifyRequest, body: IncomingMessage, done: (error: Error | null, body?: unknown) => void) => {
  const forward = new PassThrough();
  body.pipe(forward);
  // A client that disconnects mid-upload aborts the upstream request.
  finished(body, { writable: false }, (error) => {
    if (error) forward.destroy(error);
  });
  forward.once('close', () => drain(body, drainLimitMs));
  done(null, forward);
};

/**
 * An upstream request that failed. The API reads every body it accepts to its end; one it stops
 * reading, closing the connection (Fastify does so for a body over the route's limit), is a body
 * it refused as too large, and the write into the closed connection fails (EPIPE, a reset) before
 * its 413 can be read: the answer is that 413. Otherwise the API could not be reached (503), did
 * not answer in time (504) or broke the connection (502). The client's connection stays usable:
 * the rest of its body is drained (forwardBody).
 */
function upstreamFailed(proxyReply: { request: unknown }, { error }: { error: Error }) {
  // The proxy's hooks are typed for HTTP/2 servers too; this server is HTTP/1.
  const reply = proxyReply as FastifyReply;
  const request = reply.request;
  const cause = (error as { cause?: { code?: string } }).cause;
  const code = (error as { code?: string }).code;
  let status = 502;
  if (code === 'FST_REPLY_FROM_SERVICE_UNAVAILABLE' || cause?.code === 'ECONNREFUSED') status = 503;
  else if ((error as { statusCode?: number }).statusCode === 504) status = 504;
  else if (!request.raw.complete) status = 413;
  request.log.warn({ err: error, status }, 'upstream request failed');
  return sendError(request, reply, status);
}

export async function buildShellServer(options: ShellServerOptions): Promise<FastifyInstance> {
  const distDir = options.distDir ?? path.resolve(here, '../dist');
  const app = Fastify({
    logger: options.logger ?? false,
    trustProxy: options.trustProxy ?? false,
    // Errors raised before a route or hook runs answer with the envelope too (errors.ts).
    frameworkErrors: frameworkErrorHandler,
    clientErrorHandler,
  });
  app.setErrorHandler(errorHandler);

  // Closing sweeps the idle keep-alive connections once; a response still being sent then leaves
  // its connection open after it ends, and the close waits for the keep-alive timeout (72 s; a
  // test's teardown timed out on it). Swept again until the server has closed, as the API does.
  app.addHook('preClose', (done) => {
    if (app.server.listening) {
      const sweep = setInterval(() => app.server.closeIdleConnections(), 50);
      sweep.unref();
      app.server.once('close', () => clearInterval(sweep));
    }
    done();
  });

  // Remote origins come from the manifest as it is now, so moving a remote needs no restart.
  const currentOrigins = async () => remoteOrigins(await readRemoteManifest(options.manifest));
  app.addHook('onRequest', async (request) => {
    (request.raw as RawWithOrigins).remoteOrigins = await currentOrigins();
  });
  // helmet calls directive functions with the raw Node request.
  const fromRemotes = (base: string[]) => (req: unknown) =>
    [...base, ...((req as RawWithOrigins).remoteOrigins ?? [])].join(' ');

  await app.register(fastifyHelmet, {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: [fromRemotes(["'self'"])],
        styleSrc: [fromRemotes(["'self'"])],
        imgSrc: [fromRemotes(["'self'", 'data:', 'blob:', ...(options.filesOrigins ?? [])])],
        // Private PDFs are framed; with S3 their address redirects to a presigned one.
        frameSrc: ["'self'", ...(options.filesOrigins ?? [])],
        fontSrc: [fromRemotes(["'self'"])],
        connectSrc: [fromRemotes(["'self'"])],
        mediaSrc: ["'self'"],
        objectSrc: ["'none'"],
        baseUri: ["'none'"],
        formAction: ["'self'"],
        frameAncestors: options.frameAncestors?.length ? options.frameAncestors : ["'none'"],
        upgradeInsecureRequests: null,
      },
    },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    crossOriginEmbedderPolicy: false,
    // CSP frame-ancestors is the one framing rule: X-Frame-Options cannot name FRAME_ANCESTORS'
    // origins, and a browser that reads both applies the stricter (SAMEORIGIN contradicted 'none').
    xFrameOptions: false,
  });

  await app.register(fastifyCompress, { global: true });

  // Headers that only mean something on a document (its policy, framing, opener) are sent with HTML
  // only, not with scripts, styles, media or data: ~0.9 KB each, on the ~25 files of every page's start.
  // Answers proxied from the API keep the API's own security headers (its JSON policy, the /files
  // sandbox CSP): the shell adds none and removes none there (`apiOwnsHeaders`, helmet skipped).
  app.addHook('onSend', async (request, reply, payload) => {
    if ((request.routeOptions.config as { apiOwnsHeaders?: boolean }).apiOwnsHeaders) return payload;
    if (String(reply.getHeader('content-type') ?? '').startsWith('text/html')) reply.header('permissions-policy', PERMISSIONS_POLICY);
    else for (const name of DOCUMENT_ONLY_HEADERS) reply.removeHeader(name);
    return payload;
  });

  // The proxy's routes read no body: it is streamed to the API as it arrives (forwardBody).
  await app.register(async (proxy) => {
    proxy.removeAllContentTypeParsers();
    proxy.addContentTypeParser('*', forwardBody(options.drainLimitMs ?? DRAIN_LIMIT_MS));
    // Whatever answered (the API, or the shell itself before the body was forwarded: a path the
    // proxy cannot build, a refused header), a body left unread would keep the client's connection
    // from its next request (found by the fuzz test through the shell): the rest is drained.
    proxy.addHook('onResponse', (request, _reply, done) => {
      drain(request.raw, options.drainLimitMs ?? DRAIN_LIMIT_MS);
      done();
    });
    for (const prefix of ['/api', '/files']) {
      await proxy.register(fastifyHttpProxy, {
        upstream: options.apiUrl,
        prefix,
        rewritePrefix: prefix,
        proxyPayloads: false,
        config: { helmet: { skipRoute: true }, apiOwnsHeaders: true },
        // A path the proxy's HTTP client refuses to build a URL from is a bad request, never a 500.
        handler: (_request, reply, dest, replyOptions) => {
          try {
            return reply.from(dest, replyOptions);
          } catch (error) {
            throw Object.assign(new Error((error as Error).message, { cause: error }), { statusCode: 400 });
          }
        },
        // The research chat's WebSocket goes through the same origin; the API checks its Origin.
        websocket: prefix === '/api',
        // The proxy buffers a whole frame before passing it on: bound it (ws allows 100 MiB by default).
        // The API's chat frames are at most 8 KiB and the API closes larger ones itself.
        wsServerOptions: { maxPayload: PROXY_MAX_WS_FRAME_BYTES, perMessageDeflate: false },
        // `rewriteRequestHeaders` is supported at run time but missing from the plugin's types.
        wsClientOptions: {
          rewriteRequestHeaders: (headers: Record<string, string>, request: FastifyRequest) => ({
            ...headers,
            ...(request.headers.origin ? { origin: request.headers.origin } : {}),
            'x-forwarded-for': forwardedFor(request),
          }),
        } as object,
        replyOptions: {
          // The API rate-limits per client address and builds absolute links: tell it who asked,
          // as far as TRUST_PROXY lets the shell know (its own client otherwise).
          rewriteRequestHeaders: (request, headers) => ({
            ...headers,
            'x-forwarded-for': forwardedFor(request),
            'x-forwarded-proto': request.protocol,
            'x-forwarded-host': request.host,
          }),
          // Connection and Keep-Alive describe the shell's connection to the API, not the browser's
          // (the API closes its connection after a refused body; the browser's stays usable).
          rewriteHeaders: (headers) => {
            const { connection: _connection, 'keep-alive': _keepAlive, ...endToEnd } = headers;
            return endToEnd;
          },
          onResponse: (request, reply, res) => {
            // An answer that came before the whole body was sent (the API refused it early): the
            // rest of the body is drained (forwardBody), so the connection stays usable.
            if (!request.raw.complete) reply.removeHeader('connection');
            return reply.send(res.stream);
          },
          onError: upstreamFailed,
        },
      });
    }
  });

  app.get('/remotes.json', async (_request, reply) => {
    reply.header('Cache-Control', 'no-store');
    return readRemoteManifest(options.manifest);
  });

  /** The app shell for a client route, rendered for this request (language, alternates, preloads). */
  async function sendPage(request: FastifyRequest, reply: FastifyReply) {
    const pathname = request.url.split('?')[0] ?? '/';
    const { locale, theme } = pagePreferences(request.query, request.headers.cookie);
    const { html, status } = await renderDocument({
      indexFile: path.join(distDir, 'index.html'),
      // Host and scheme as Fastify reads them: X-Forwarded-* only from a trusted proxy (TRUST_PROXY).
      pageUrl: `${request.protocol}://${request.host || 'localhost'}${pathname}`,
      pathname,
      search: request.url.slice(pathname.length),
      locale,
      theme,
      manifest: await readRemoteManifest(options.manifest),
      apiUrl: options.apiUrl,
      forwardedFor: forwardedFor(request),
    });
    reply.header('Cache-Control', 'no-cache');
    // Language and theme come from the page cookies: a shared cache must key on them.
    reply.header('Vary', 'Cookie');
    // No route of the site, or a server-rendered page of nothing (an unknown conference), or a page
    // whose data could not be read now (503): the page says so, and crawlers get the status too.
    reply.code(status);
    if (status === 503) reply.header('Retry-After', '30');
    return reply.type('text/html; charset=utf-8').send(html);
  }

  // The home page by its own route: to the static plugin `/` is a directory, which it refuses (403)
  // to a client that does not ask for a compressed answer (curl, health checks, some crawlers).
  app.get('/', sendPage);

  await app.register(fastifyStatic, {
    root: distDir,
    // Pages are rendered by sendPage: language, hreflang alternates, the route's remote preloads.
    index: false,
    // Serve the build's .br/.gz siblings when the client accepts them (made at build time, best ratio).
    preCompressed: true,
    setHeaders(res, filePath: string) {
      const hashed = filePath.includes(`${path.sep}assets${path.sep}`);
      res.header('Cache-Control', hashed ? 'public, max-age=31536000, immutable' : 'no-cache');
    },
  });

  // Client-side routes: every other GET that wants HTML gets the app shell.
  app.setNotFoundHandler(async (request, reply) => {
    const pathname = request.url.split('?')[0] ?? '/';
    if ((request.method === 'GET' || request.method === 'HEAD') && !path.extname(pathname)) return sendPage(request, reply);
    return sendError(request, reply, 404);
  });
  return app;
}
