import fp from 'fastify-plugin';
import multipart from '@fastify/multipart';

/**
 * multipart/form-data (contact form, uploads), bounded by UPLOAD_LIMIT per file. Registered by the
 * route plugins that read it (contact, profile, research), not by app.ts: @fastify/multipart adds two
 * async hooks and a `close` listener to every request of its context (about 7% of the throughput
 * of a cached read in an A/B, issue 6). Elsewhere a multipart body is a 415, like any other
 * unsupported type.
 */
export default fp(
  async (app) => {
    await app.register(multipart, {
      limits: {
        fileSize: app.config.UPLOAD_LIMIT,
        files: 4,
        fields: 40,
        fieldSize: 100 * 1024,
        parts: 50,
        headerPairs: 200,
      },
    });
  },
  { name: 'multipart', dependencies: ['config'] },
);
