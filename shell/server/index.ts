/**
 * The shell's production server: one origin for the user. It serves the built shell, the runtime
 * remote manifest (/remotes.json) and proxies /api and /files to the API, as the production reverse
 * proxy does, so the refresh-token cookie is first-party. Remotes are served from their own origins.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import fastifyStatic from '@fastify/static';
import fastifyCompress from '@fastify/compress';
import fastifyHelmet from '@fastify/helmet';
import fastifyHttpProxy from '@fastify/http-proxy';
import { readRemoteManifest, remoteOrigins, type RemoteManifestSource } from './remote-manifest';
import { pagePreferences, renderDocument } from './page';

/** The largest WebSocket frame the shell's proxy accepts from a browser (close code 1009 above). */
export const PROXY_MAX_WS_FRAME_BYTES = 64 * 1024;

export interface ShellServerOptions {
  distDir?: string;
  apiUrl: string;
  manifest: RemoteManifestSource;
  frameAncestors?: string[];
  logger?: boolean;
}

type RawWithOrigins = { remoteOrigins?: string[] };

const here = path.dirname(fileURLToPath(import.meta.url));

/** Response headers that apply to documents only (helmet sets them on every response). */
export const DOCUMENT_ONLY_HEADERS = [
  'content-security-policy',
  'cross-origin-opener-policy',
  'origin-agent-cluster',
  'x-frame-options',
  'x-xss-protection',
  'x-dns-prefetch-control',
  'x-download-options',
  'x-permitted-cross-domain-policies',
];

/** The X-Forwarded-For chain of a request, this hop's client address appended (as a proxy adds it). */
function forwardedFor(request: { headers: FastifyRequest['headers']; socket: { remoteAddress?: string } }): string {
  const prior = request.headers['x-forwarded-for'];
  const address = request.socket.remoteAddress ?? '';
  return prior ? `${String(prior)}, ${address}` : address;
}

export async function buildShellServer(options: ShellServerOptions): Promise<FastifyInstance> {
  const distDir = options.distDir ?? path.resolve(here, '../dist');
  const app = Fastify({ logger: options.logger ?? false, trustProxy: true });

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
        imgSrc: [fromRemotes(["'self'", 'data:', 'blob:'])],
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
  });
  await app.register(fastifyCompress, { global: true });

  // Headers that only mean something on a document (its policy, framing, opener) are sent with HTML
  // only, not with scripts, styles, media or data: ~0.9 KB each, on the ~25 files of every page's start.
  // Answers proxied from the API keep the API's own security headers (its JSON policy, the /files
  // sandbox CSP): the shell adds none and removes none there (`apiOwnsHeaders`, helmet skipped).
  app.addHook('onSend', async (request, reply, payload) => {
    if ((request.routeOptions.config as { apiOwnsHeaders?: boolean }).apiOwnsHeaders) return payload;
    if (!String(reply.getHeader('content-type') ?? '').startsWith('text/html')) for (const name of DOCUMENT_ONLY_HEADERS) reply.removeHeader(name);
    return payload;
  });

  for (const prefix of ['/api', '/files']) {
    await app.register(fastifyHttpProxy, {
      upstream: options.apiUrl,
      prefix,
      rewritePrefix: prefix,
      config: { helmet: { skipRoute: true }, apiOwnsHeaders: true },
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
          'x-forwarded-for': request.socket.remoteAddress ?? '',
        }),
      } as object,
      replyOptions: {
        // The API rate-limits per client address and builds absolute links: tell it who asked.
        rewriteRequestHeaders: (request, headers) => {
          return {
            ...headers,
            'x-forwarded-for': forwardedFor(request),
            'x-forwarded-proto': (request.headers['x-forwarded-proto'] as string | undefined) ?? 'http',
            'x-forwarded-host': request.headers.host ?? '',
          };
        },
      },
    });
  }

  app.get('/remotes.json', async (_request, reply) => {
    reply.header('Cache-Control', 'no-store');
    return readRemoteManifest(options.manifest);
  });

  /** The app shell for a client route, rendered for this request (language, alternates, preloads). */
  async function sendPage(request: FastifyRequest, reply: FastifyReply) {
    const pathname = request.url.split('?')[0] ?? '/';
    const host = request.headers['x-forwarded-host'] ?? request.headers.host ?? 'localhost';
    const { locale, theme } = pagePreferences(request.query, request.headers.cookie);
    const { html, status } = await renderDocument({
      indexFile: path.join(distDir, 'index.html'),
      pageUrl: `${request.protocol}://${String(host)}${pathname}`,
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
    // No route of the site, or a server-rendered page of nothing (an unknown conference): the page
    // says so, and crawlers get the status too.
    reply.code(status);
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
    return reply.code(404).send({ status: false, msg: 'Not found', err: 404 });
  });
  return app;
}
