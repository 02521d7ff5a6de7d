#!/usr/bin/env node
// Serves one remote's production build as its own deployment: its own origin, CORS open for
// GETs (the assets are public), hashed assets cached forever, entry files always revalidated.
// Usage: node scripts/serve-static.mjs --dir <dist> [--port N | env PORT | --default-port N] [--host 127.0.0.1]
import { parseArgs } from 'node:util';
import path from 'node:path';
import Fastify from 'fastify';
import fastifyStatic from '@fastify/static';
import fastifyCors from '@fastify/cors';
import fastifyCompress from '@fastify/compress';
import fastifyHelmet from '@fastify/helmet';

export async function buildStaticServer({ root }) {
  const app = Fastify({ logger: false });
  await app.register(fastifyHelmet, {
    // Its own page (the standalone dev page) gets a strict CSP; its assets are loaded by other origins.
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'http:', 'https:'],
        connectSrc: ["'self'", 'http:', 'https:'],
        objectSrc: ["'none'"],
        baseUri: ["'none'"],
        frameAncestors: ["'self'"],
      },
    },
    crossOriginResourcePolicy: { policy: 'cross-origin' },
    crossOriginEmbedderPolicy: false,
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
  });
  await app.register(fastifyCors, { origin: '*', methods: ['GET', 'HEAD'] });
  await app.register(fastifyCompress, { global: true });
  await app.register(fastifyStatic, {
    root,
    // The build's .br/.gz siblings (scholars-precompress) go to clients that accept them.
    preCompressed: true,
    setHeaders(res, filePath) {
      const hashed = filePath.includes(`${path.sep}assets${path.sep}`);
      res.header('Cache-Control', hashed ? 'public, max-age=31536000, immutable' : 'no-cache');
    },
  });
  // Headers that only mean something on a document go with HTML only (its own standalone page), not
  // with the scripts and styles other origins load: ~0.8 KB less on each of them.
  const documentOnly = ['content-security-policy', 'cross-origin-opener-policy', 'origin-agent-cluster', 'x-frame-options', 'x-xss-protection', 'x-dns-prefetch-control', 'x-download-options', 'x-permitted-cross-domain-policies'];
  app.addHook('onSend', async (_request, reply, payload) => {
    if (!String(reply.getHeader('content-type') ?? '').startsWith('text/html')) for (const name of documentOnly) reply.removeHeader(name);
    return payload;
  });
  app.get('/healthz', async () => ({ status: true }));
  return app;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { values } = parseArgs({
    options: {
      dir: { type: 'string', default: 'dist' },
      port: { type: 'string' },
      'default-port': { type: 'string', default: '8081' },
      host: { type: 'string', default: process.env.HOST ?? '127.0.0.1' },
    },
  });
  const app = await buildStaticServer({ root: path.resolve(values.dir) });
  const port = Number(values.port ?? process.env.PORT ?? values['default-port']);
  await app.listen({ port, host: values.host });
  console.log(`serving ${values.dir} on http://${values.host}:${port}`);
  const stop = () => app.close().then(() => process.exit(0));
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}
