import { mkdirSync } from 'node:fs';
import path from 'node:path';
import fp from 'fastify-plugin';
import fastifyStatic from '@fastify/static';
import type { FastifyReply } from 'fastify';
import { SEED_ASSETS_DIR } from '../../config';
import { isStoredKey, seedFile } from '../../lib/uploads';

/** Sandboxing CSP for stored files: an SVG opened directly cannot run script or load anything. */
export const FILES_CSP = "default-src 'none'; img-src 'self' data:; style-src 'unsafe-inline'; sandbox";

/** Uploads get unique names, so they are cached as immutable for a year; seed files for a day. */
const UPLOAD_CACHE = 'public, max-age=31536000, immutable';
const SEED_CACHE = 'public, max-age=86400';

function fileHeaders(reply: FastifyReply, cacheControl: string) {
  reply.header('Cache-Control', cacheControl);
  reply.header('Content-Security-Policy', FILES_CSP);
  reply.header('X-Content-Type-Options', 'nosniff');
  // Images are shown by pages of other origins (remotes embedded on partner sites).
  reply.header('Cross-Origin-Resource-Policy', 'cross-origin');
}

/**
 * Stored files under /files/: a path `.../public/images/x.svg` in the database is served at
 * `/files/images/x.svg` (spec 3). Two sources, first match wins: uploads and the seed's files
 * shipped in the repository (api/seed-assets/public). Nothing outside a `public/` folder is
 * served (research and book files live under `private/`).
 * - Disk store: both are folders, served by @fastify/static.
 * - S3 store (docs/decisions.md, issue 22): the seed's files from their folder; an upload is
 *   redirected (302) to S3_PUBLIC_BASE_URL/<key> when that is set (the bucket or its CDN serves
 *   the bytes), else streamed from the bucket with the same headers as from the disk. Either way
 *   every `/files/...` address already in the database keeps working.
 */
export default fp(
  async (app) => {
    const seeded = path.join(SEED_ASSETS_DIR, 'public');
    if (app.storage.kind === 'disk') {
      const uploads = path.join(app.config.FILES_DIR, 'public');
      mkdirSync(uploads, { recursive: true });
      await app.register(fastifyStatic, {
        root: [uploads, seeded],
        prefix: '/files/',
        index: false,
        dotfiles: 'deny',
        cacheControl: false,
        etag: true,
        lastModified: true,
        setHeaders(reply, filePath) {
          fileHeaders(reply as unknown as FastifyReply, filePath.startsWith(uploads + path.sep) ? UPLOAD_CACHE : SEED_CACHE);
        },
      });
      return;
    }

    await app.register(fastifyStatic, {
      root: seeded,
      serve: false,
      index: false,
      dotfiles: 'deny',
      cacheControl: false,
      etag: true,
      lastModified: true,
      setHeaders(reply) {
        fileHeaders(reply as unknown as FastifyReply, SEED_CACHE);
      },
    });
    app.get('/files/*', { schema: { hide: true } }, async (request, reply) => {
      const rest = (request.params as { '*': string })['*'];
      const key = `public/${rest}`;
      if (rest.split('/').some((segment) => segment.startsWith('.')) || !isStoredKey(key) || key.endsWith('/')) return reply.callNotFound();
      if (seedFile(SEED_ASSETS_DIR, key)) return reply.sendFile(rest);
      const publicUrl = app.storage.publicUrl(key);
      if (publicUrl) {
        // A day, not a year: the base may move (another CDN) while the keys stay.
        return reply.header('Cache-Control', SEED_CACHE).redirect(publicUrl, 302);
      }
      const object = await app.storage.stream(key);
      if (!object) return reply.callNotFound();
      fileHeaders(reply, UPLOAD_CACHE);
      if (object.etag) {
        reply.header('ETag', object.etag);
        if (request.headers['if-none-match'] === object.etag) {
          object.body.destroy();
          return reply.code(304).send();
        }
      }
      if (object.lastModified) reply.header('Last-Modified', object.lastModified.toUTCString());
      reply.header('Content-Length', String(object.size));
      reply.type(object.contentType ?? 'application/octet-stream');
      return reply.send(object.body);
    });
  },
  { name: 'static-files', dependencies: ['config', 'storage'] },
);

