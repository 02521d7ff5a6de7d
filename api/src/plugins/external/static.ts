import { mkdirSync } from 'node:fs';
import path from 'node:path';
import fp from 'fastify-plugin';
import fastifyStatic from '@fastify/static';
import { SEED_ASSETS_DIR } from '../../config';

/** Sandboxing CSP for stored files: an SVG opened directly cannot run script or load anything. */
export const FILES_CSP = "default-src 'none'; img-src 'self' data:; style-src 'unsafe-inline'; sandbox";

/**
 * Stored files under /files/: a path `.../public/images/x.svg` in the database is served at
 * `/files/images/x.svg` (spec 3). Two roots, first match wins: uploads (FILES_DIR/public) and
 * the seed's files shipped in the repository (api/seed-assets/public). Nothing outside a
 * `public/` folder is served (research and book files live under `private/`).
 * Uploads get unique names, so they are cached as immutable for a year; seed files for a day.
 */
export default fp(
  async (app) => {
    const uploads = path.join(app.config.FILES_DIR, 'public');
    const seeded = path.join(SEED_ASSETS_DIR, 'public');
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
        const immutable = filePath.startsWith(uploads + path.sep);
        reply.header('Cache-Control', immutable ? 'public, max-age=31536000, immutable' : 'public, max-age=86400');
        reply.header('Content-Security-Policy', FILES_CSP);
        reply.header('X-Content-Type-Options', 'nosniff');
        // Images are shown by pages of other origins (remotes embedded on partner sites).
        reply.header('Cross-Origin-Resource-Policy', 'cross-origin');
      },
    });
  },
  { name: 'static-files', dependencies: ['config'] },
);
