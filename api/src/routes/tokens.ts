/**
 * The session calls of spec 7, carried by the httpOnly refresh cookie (lib/accounts/sessions.ts):
 *
 * - POST tokens/refresh-token (no body): rotates the refresh token and answers
 *   `{ status: true, accessToken, data: { accessToken, expires_in } }`; 401 when the cookie is
 *   missing, unknown, expired or revoked, and when an already used token is replayed (the
 *   whole family is then revoked);
 * - POST tokens/logout: revokes the family and clears the cookie (always succeeds).
 *
 * Both refuse cross-site requests (403; lib/accounts/same-site.ts).
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorEnvelopeSchema, messageResponseSchema, refreshResponseSchema } from '@scholars/shared-contracts/schemas';
import { ACCESS_TOKEN_TTL_SECONDS } from '../plugins/app/auth';
import { isSameSiteRequest } from '../lib/accounts/same-site';
import { REFRESH_COOKIE, clearRefreshCookie, revokeByToken, rotateRefreshToken, setRefreshCookie } from '../lib/accounts/sessions';
import { fail, failSuspended } from './auth';
import { errorResponses } from './schemas';

const tokens: FastifyPluginAsyncZod = async (app) => {
  // These calls have no body; a client may still send `Content-Type: application/json` with an
  // empty (or `{}`) body: accept it here instead of answering 400.
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string', bodyLimit: 1024 }, (_request, body, done) => {
    const text = typeof body === 'string' ? body.trim() : '';
    if (!text) return done(null, undefined);
    try {
      done(null, JSON.parse(text));
    } catch {
      done(null, undefined);
    }
  });

  app.addHook('preHandler', async (request, reply) => {
    if (!isSameSiteRequest(app, request)) {
      request.log.warn({ origin: request.headers.origin, site: request.headers['sec-fetch-site'] }, 'cross-site session call refused');
      return fail(request, reply, 403, 'validation.crossSiteRefused');
    }
  });

  app.post(
    '/tokens/refresh-token',
    {
      schema: {
        tags: ['accounts'],
        summary: 'A new access token from the refresh cookie (rotated; reuse of an old one revokes the session)',
        response: {
          200: refreshResponseSchema,
          401: errorEnvelopeSchema.describe("No valid refresh cookie: sign in again ('account_suspended': the account is suspended, with its end)"),
          403: errorEnvelopeSchema.describe('Cross-site request refused'),
          ...errorResponses,
        },
      },
    },
    async (request, reply) => {
      reply.header('Cache-Control', 'no-store');
      const result = await rotateRefreshToken(app, request.cookies[REFRESH_COOKIE]);
      if (!result.ok) {
        clearRefreshCookie(app, reply);
        if (result.reason === 'suspended') return failSuspended(request, reply, 401, result.until);
        return fail(request, reply, 401, 'validation.sessionExpired');
      }
      setRefreshCookie(app, reply, result.token);
      const accessToken = app.issueAccessToken(result.user, result.familyId);
      return { status: true as const, accessToken, data: { accessToken, expires_in: ACCESS_TOKEN_TTL_SECONDS } };
    },
  );

  app.post(
    '/tokens/logout',
    {
      schema: {
        tags: ['accounts'],
        summary: 'Signs out: revokes the session of the refresh cookie and clears it',
        response: { 200: messageResponseSchema, 403: errorEnvelopeSchema.describe('Cross-site request refused'), ...errorResponses },
      },
    },
    async (request, reply) => {
      await revokeByToken(app.db, request.cookies[REFRESH_COOKIE], 'logout');
      clearRefreshCookie(app, reply);
      return { status: true as const, msg: request.t('success.signedOut') };
    },
  );
};
export default tokens;
