/**
 * POST newsletter-subscribers (spec 7, 8): `{ email, locale?, captcha }` -> `{ status: true, msg }`;
 * an address already subscribed -> HTTP 409 `{ status: false, err: 409, msg: 'You are already subscribed.' }`.
 * A signed-in subscriber is linked to the account (optional bearer token).
 */
import { and, isNotNull, sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorEnvelopeSchema, messageResponseSchema, newsletterRequestSchema } from '@scholars/shared-contracts/schemas';
import { newsletterSubscribers, users } from '../db/schema';
import { checkCaptcha, fail, normalizeEmail } from './auth';
import { errorResponses } from './schemas';

const newsletter: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/newsletter-subscribers',
    {
      preHandler: app.optionalAuthenticate,
      schema: {
        tags: ['site'],
        summary: 'Newsletter sign-up',
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
      let inserted = await app.db
        .insert(newsletterSubscribers)
        .values({ email, locale, userId: ownAddress ? request.user!.id : null })
        .onConflictDoNothing()
        .returning({ id: newsletterSubscribers.id });
      if (inserted.length === 0) {
        // A subscriber who left comes back; anyone else subscribed already gets the 409.
        inserted = await app.db
          .update(newsletterSubscribers)
          .set({ unsubscribedAt: null, locale, createdAt: sql`now()` })
          .where(and(sql`lower(${newsletterSubscribers.email}) = ${email}`, isNotNull(newsletterSubscribers.unsubscribedAt)))
          .returning({ id: newsletterSubscribers.id });
      }
      if (inserted.length === 0) return fail(request, reply, 409, 'validation.newsletterAlreadySubscribed');
      if (ownAddress) {
        await app.db.update(users).set({ newsletter: true }).where(sql`${users.id} = ${request.user!.id}`);
      }
      return { status: true as const, msg: request.t('success.newsletterSubscribed') };
    },
  );
};
export default newsletter;
