/**
 * The newsletter's public side (spec 7, 8; issue 20, decisions.md "The newsletter"):
 *
 * - `POST newsletter-subscribers` `{ email, locale?, captcha }`: double opt-in. A new (or returning)
 *   address is stored unconfirmed and mailed a bilingual confirmation link: `success.newsletterConfirmSent`.
 *   A signed-in member's own address is confirmed at once (`success.newsletterSubscribed`). An address
 *   already confirmed: HTTP 409 `{ status: false, err: 409, msg: 'You are already subscribed.' }`.
 * - `POST newsletter/confirm` `{ token }`: the confirmation link's page presses it; once.
 * - `GET newsletter/unsubscribe?token=`: a person's click on an issue's unsubscribe link: 303 to the
 *   site's page with a button (mail scanners follow links: a GET changes nothing).
 * - `POST newsletter/unsubscribe?token=`: RFC 8058 one-click (`List-Unsubscribe=One-Click`, form
 *   encoded or multipart, from the mail provider, without session or cookie) or the page's button;
 *   the token is the proof; it works once.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  errorEnvelopeSchema,
  messageResponseSchema,
  newsletterConfirmBodySchema,
  newsletterLinkResponseSchema,
  newsletterRequestSchema,
  newsletterUnsubscribeQuerySchema,
} from '@scholars/shared-contracts/schemas';
import { ROUTES } from '@scholars/shared-contracts/routes';
import { AppError } from '../lib/errors';
import { confirmSubscription, signUp, unsubscribeByLink } from '../lib/newsletter/subscribers';
import { checkCaptcha, fail, normalizeEmail } from './auth';
import { errorResponses } from './schemas';

const linkRefused = { 404: errorEnvelopeSchema.describe('The link is unknown, used, replaced or expired: validation.newsletterLinkInvalid') };

const newsletter: FastifyPluginAsyncZod = async (app) => {
  const site = app.config.PUBLIC_BASE_URL;

  app.post(
    '/newsletter-subscribers',
    {
      preHandler: app.optionalAuthenticate,
      schema: {
        tags: ['site'],
        summary: 'Newsletter sign-up (double opt-in: a confirmation link is e-mailed)',
        body: newsletterRequestSchema,
        response: {
          200: messageResponseSchema,
          409: errorEnvelopeSchema.describe("Already subscribed: 'You are already subscribed.'"),
          ...errorResponses,
        },
      },
    },
    async (request, reply) => {
      if (!(await checkCaptcha(app, request, reply, request.body.captcha))) return reply;
      const email = normalizeEmail(request.body.email);
      const locale = request.body.locale ?? request.locale;
      const ownAddress = Boolean(request.user && normalizeEmail(request.user.email) === email);
      const outcome = await signUp(app.db, app.mail, { email, locale, site, account: ownAddress ? { id: request.user!.id } : null });
      if (outcome === 'already') return fail(request, reply, 409, 'validation.newsletterAlreadySubscribed');
      return { status: true as const, msg: request.t(outcome === 'subscribed' ? 'success.newsletterSubscribed' : 'success.newsletterConfirmSent') };
    },
  );

  app.post(
    '/newsletter/confirm',
    {
      schema: {
        tags: ['site'],
        summary: 'Confirm a newsletter sign-up with the e-mailed link’s token (once)',
        body: newsletterConfirmBodySchema,
        response: { 200: newsletterLinkResponseSchema, ...linkRefused, ...errorResponses },
      },
    },
    async (request) => {
      if (!(await confirmSubscription(app.db, request.body.token))) throw new AppError(404, 'validation.newsletterLinkInvalid');
      return { status: true as const, msg: request.t('success.newsletterSubscribed') };
    },
  );

  // One-click unsubscribe: mail providers post a form (RFC 8058 says multipart/form-data or
  // application/x-www-form-urlencoded); the body says nothing the address does not, so it is not read.
  const oneClickScope: FastifyPluginAsyncZod = async (oneClick) => {
    for (const type of ['application/x-www-form-urlencoded', 'multipart/form-data']) {
      oneClick.addContentTypeParser(type, { parseAs: 'buffer', bodyLimit: 4096 }, (_request, _body, done) => done(null, {}));
    }

    oneClick.get(
      '/newsletter/unsubscribe',
      {
        schema: {
          tags: ['site'],
          summary: 'An issue’s unsubscribe link opened by a person: 303 to the site’s page with a button (a GET changes nothing)',
          querystring: newsletterUnsubscribeQuerySchema,
          response: { ...errorResponses },
        },
      },
      async (request, reply) => reply.header('Cache-Control', 'no-store').redirect(`${site}${ROUTES.newsletterLink('unsubscribe', request.query.token)}`, 303),
    );

    oneClick.post(
      '/newsletter/unsubscribe',
      {
        schema: {
          tags: ['site'],
          summary: 'Unsubscribe with an issue’s link (RFC 8058 one-click; no session): works once; pressed again while still unsubscribed, 200 saying so',
          querystring: newsletterUnsubscribeQuerySchema,
          consumes: ['application/x-www-form-urlencoded', 'multipart/form-data', 'application/json'],
          response: { 200: newsletterLinkResponseSchema, ...linkRefused, ...errorResponses },
        },
      },
      async (request, reply) => {
        reply.header('Cache-Control', 'no-store');
        const outcome = await unsubscribeByLink(app.db, request.query.token);
        if (!outcome) throw new AppError(404, 'validation.newsletterLinkInvalid');
        return { status: true as const, msg: request.t(outcome === 'already' ? 'success.newsletterAlreadyUnsubscribed' : 'success.newsletterUnsubscribed') };
      },
    );
  };
  await app.register(oneClickScope);
};
export default newsletter;
