/**
 * The research file of a community research (decisions.md: opening or downloading it needs an
 * active subscription).
 *
 * A page cannot send the bearer token from a frame (`<iframe src>`) or a plain download link,
 * so the file is opened in two steps:
 * 1. `POST research-community/{id}/file-link` (signed in + active subscription) answers two
 *    short-lived addresses carrying a signed token bound to the research, the user and an expiry
 *    (HMAC-SHA256, 5 minutes; useless for anything else, unlike an access token);
 * 2. `GET research-community/{id}/file?token=...` streams the file (with the S3 store: redirects to
 *    a presigned address of it, valid S3_PRESIGN_TTL_SECONDS): inline for PDFs and images
 *    (viewed in the page), as an attachment with `&download=1` or for any other type, always
 *    under its real name (`Content-Disposition` with an RFC 6266 `filename*`) and stored type,
 *    with `nosniff`, `no-store` and a CSP that lets the site's pages frame it and nothing run in it.
 */
import { createHmac, hkdfSync, randomBytes, timingSafeEqual } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  errorEnvelopeSchema,
  idParamsSchema,
  researchFileLinkResponseSchema,
  researchFileQuerySchema,
} from '@scholars/shared-contracts/schemas';
import { researchSubmissions } from '../db/schema';
import { AppError, notFound } from '../lib/errors';
import { errorResponses } from './schemas';

export const FILE_LINK_TTL_SECONDS = 5 * 60;

/** Types a browser shows inside the page without running anything. */
const INLINE_TYPES = new Set(['application/pdf', 'image/png', 'image/jpeg', 'image/webp', 'image/gif']);

interface FileClaims {
  /** research id */
  r: number;
  /** user id */
  u: number;
  /** expiry, seconds since the epoch */
  e: number;
}

/**
 * The key of file tokens, derived (HKDF, its own label) from the configured token secret so that
 * every API process agrees; without one (development) a random key per process.
 */
function fileTokenKey(app: FastifyInstance): Buffer {
  const secret = app.config.JWT_SECRET ?? app.config.COOKIE_SECRET;
  if (!secret) return randomBytes(32);
  return Buffer.from(hkdfSync('sha256', secret, 'scholars-hub', 'research-file-link', 32));
}

export function signFileToken(key: Buffer, claims: FileClaims): string {
  const payload = Buffer.from(JSON.stringify(claims)).toString('base64url');
  const mac = createHmac('sha256', key).update(payload).digest('base64url');
  return `${payload}.${mac}`;
}

export function verifyFileToken(key: Buffer, token: string, nowSeconds = Math.floor(Date.now() / 1000)): FileClaims | null {
  const [payload, mac, extra] = token.split('.');
  if (!payload || !mac || extra !== undefined) return null;
  const expected = createHmac('sha256', key).update(payload).digest();
  const given = Buffer.from(mac, 'base64url');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  try {
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as FileClaims;
    if (!Number.isInteger(claims.r) || !Number.isInteger(claims.u) || !Number.isInteger(claims.e)) return null;
    return claims.e >= nowSeconds ? claims : null;
  } catch {
    return null;
  }
}

/** `Content-Disposition` with an ASCII fallback name and the real (UTF-8) one (RFC 6266, 5987). */
export function contentDisposition(kind: 'inline' | 'attachment', name: string): string {
  // eslint-disable-next-line no-control-regex
  const clean = name.replace(/[\u0000-\u001f\u007f"\\/]/g, '_').trim() || 'research';
  const ascii = clean.replace(/[^\x20-\x7e]/g, '_');
  const encoded = encodeURIComponent(clean).replace(/['()*]/g, (ch) => `%${ch.charCodeAt(0).toString(16).toUpperCase()}`);
  return `${kind}; filename="${ascii}"; filename*=UTF-8''${encoded}`;
}

async function approvedFile(app: FastifyInstance, id: number) {
  const [row] = await app.db
    .select({
      filePath: researchSubmissions.filePath,
      name: researchSubmissions.fileOriginalName,
      mime: researchSubmissions.fileMime,
      size: researchSubmissions.fileSize,
    })
    .from(researchSubmissions)
    .where(and(eq(researchSubmissions.id, id), eq(researchSubmissions.status, 'approved')))
    .limit(1);
  return row;
}

const communityFile: FastifyPluginAsyncZod = async (app) => {
  const key = fileTokenKey(app);
  if (!app.config.JWT_SECRET && !app.config.COOKIE_SECRET && app.config.NODE_ENV !== 'test') {
    app.log.warn('JWT_SECRET is not set: research file links work only on the API process that issued them');
  }
  const frameAncestors = [...new Set([...app.config.FRAME_ANCESTORS, ...app.config.CORS_ORIGINS])].join(' ');
  const fileCsp = `default-src 'none'; img-src 'self' data:; style-src 'unsafe-inline'; frame-ancestors ${frameAncestors}`;

  app.post(
    '/research-community/:id/file-link',
    {
      onRequest: [app.authenticate, app.requireActiveSubscription],
      schema: {
        tags: ['community'],
        summary: 'Short-lived addresses to view and download the research file (active subscription)',
        security: [{ bearerAuth: [] }],
        params: idParamsSchema,
        response: {
          200: researchFileLinkResponseSchema,
          401: errorEnvelopeSchema.describe('Not signed in'),
          403: errorEnvelopeSchema.describe("`err: 'subscription_required'`: no active subscription"),
          404: errorEnvelopeSchema.describe('No approved research with this id'),
          ...errorResponses,
        },
      },
    },
    async (request) => {
      const user = request.user;
      if (!user) throw new AppError(401, 'validation.unauthorized');
      const { id } = request.params;
      const file = await approvedFile(app, id);
      if (!file) throw notFound();
      const expires = Math.floor(Date.now() / 1000) + FILE_LINK_TTL_SECONDS;
      const token = signFileToken(key, { r: id, u: user.id, e: expires });
      const base = `research-community/${id}/file?token=${encodeURIComponent(token)}`;
      return {
        status: true as const,
        data: {
          name: file.name,
          mime: file.mime,
          size: file.size,
          inline: INLINE_TYPES.has(file.mime),
          view_url: base,
          download_url: `${base}&download=1`,
          expires_at: new Date(expires * 1000).toISOString(),
        },
      };
    },
  );

  app.get(
    '/research-community/:id/file',
    {
      schema: {
        tags: ['community'],
        summary: 'The research file, with a token from `file-link`',
        description: 'Inline for PDFs and images unless `download=1`; other types always download. Real name and type.',
        params: idParamsSchema,
        querystring: researchFileQuerySchema,
        response: {
          200: z.unknown().describe('The file, with its stored type and real name'),
          302: z.unknown().describe('With the S3 store: a presigned address of the file, valid S3_PRESIGN_TTL_SECONDS'),
          403: errorEnvelopeSchema.describe('Missing, invalid or expired token'),
          404: errorEnvelopeSchema.describe('No approved research with this id, or its file is missing'),
          ...errorResponses,
        },
      },
    },
    async (request, reply) => {
      const { id } = request.params;
      const claims = verifyFileToken(key, request.query.token);
      if (!claims || claims.r !== id) throw new AppError(403, 'validation.researchFileLinkExpired');
      const file = await approvedFile(app, id);
      if (!file) throw notFound();
      const inline = INLINE_TYPES.has(file.mime) && request.query.download !== '1';
      const disposition = contentDisposition(inline ? 'inline' : 'attachment', file.name);
      // With the S3 store: a presigned GET of the object (the checks above are done).
      const presigned = await app.storage.privateUrl(file.filePath, app.config.S3_PRESIGN_TTL_SECONDS, { contentType: file.mime, contentDisposition: disposition });
      if (presigned) return reply.header('Cache-Control', 'private, no-store').redirect(presigned, 302);
      const found = await app.storage.stream(file.filePath);
      if (!found) {
        request.log.error({ researchId: id, path: file.filePath }, 'research file missing from the store');
        throw notFound();
      }
      reply
        .header('Content-Type', file.mime)
        .header('Content-Length', String(found.size))
        .header('Content-Disposition', disposition)
        .header('Cache-Control', 'private, no-store')
        .header('X-Content-Type-Options', 'nosniff')
        .header('Content-Security-Policy', fileCsp)
        .header('Cross-Origin-Resource-Policy', 'same-site');
      // frame-ancestors above decides who may show it; X-Frame-Options cannot express a list.
      reply.removeHeader('X-Frame-Options');
      return reply.send(found.body);
    },
  );
};
export default communityFile;
