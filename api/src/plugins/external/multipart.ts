import fp from 'fastify-plugin';
import multipart from '@fastify/multipart';

/**
 * multipart/form-data (contact form, uploads), bounded by UPLOAD_LIMIT per file. Registered by the
 * route plugins that read it (contact, profile, research), not by app.ts: @fastify/multipart adds two
 * async hooks and a `close` listener to every request of its context (about 7% of the throughput
 * of a cached read in an A/B, issue 6). Elsewhere a multipart body is a 415, like any other
 * unsupported type.
 */
export function multipartLimits(uploadLimit: number) {
  return { fileSize: uploadLimit, files: 4, fields: 40, fieldSize: 100 * 1024, parts: 50, headerPairs: 200 };
}

/**
 * The largest request body the API reads: every file at the limit and every field full. A front
 * door in front of the API lets bodies this large through (scripts/front-door.mjs) and leaves the
 * exact, localized refusal to the API.
 */
export function largestRequestBytes(uploadLimit: number, bodyLimit: number): number {
  const limits = multipartLimits(uploadLimit);
  return Math.max(bodyLimit, limits.files * limits.fileSize + limits.fields * limits.fieldSize + 64 * 1024);
}

export default fp(
  async (app) => {
    await app.register(multipart, { limits: multipartLimits(app.config.UPLOAD_LIMIT) });
  },
  { name: 'multipart', dependencies: ['config'] },
);
