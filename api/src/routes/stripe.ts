/**
 * Payment webhooks: the exact bytes are verified, so this scope reads JSON bodies raw.
 *
 * - `POST stripe/webhook`: Stripe's events, `Stripe-Signature` checked with STRIPE_WEBHOOK_SECRET
 *   (only when Stripe is configured; 404 otherwise).
 * - `POST payments/local/webhook`: the local checkout's events, same scheme and header, checked
 *   with the local secret (only without Stripe; 404 otherwise). The local checkout page itself
 *   hands its events to the same `app.payments.receive`.
 *
 * Answers: 200 `{ status: true, data: { received: true, duplicate } }` (also for event types that
 * are not used: the provider must not retry them); 400 for a missing, wrong or stale (> 300 s)
 * signature; 500 when applying failed (nothing was recorded, so the provider's retry applies it).
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { errorEnvelopeSchema, webhookAckSchema } from '@scholars/shared-contracts/schemas';
import { WebhookSignatureError, type ProviderName } from '../lib/payments/events';
import { notFound } from '../lib/errors';
import { errorResponses } from './schemas';

/** Largest webhook body accepted (Stripe's events are a few KB). */
const WEBHOOK_BODY_LIMIT = 512 * 1024;

const webhooks: FastifyPluginAsyncZod = async (app) => {
  // Encapsulated: only the routes of this plugin get raw bodies.
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'buffer', bodyLimit: WEBHOOK_BODY_LIMIT }, (_request, body, done) => done(null, body));

  const handler = (provider: ProviderName) => async (request: FastifyRequest, reply: FastifyReply) => {
    if (app.payments.gateway.provider !== provider) throw notFound();
    const signature = request.headers['stripe-signature'];
    const body = request.body;
    if (!Buffer.isBuffer(body) || body.length === 0) {
      return reply.code(400).send({ status: false, err: 400, msg: request.t('validation.bodyRequired') });
    }
    try {
      const result = await app.payments.receive(provider, body, typeof signature === 'string' ? signature : undefined);
      return { status: true as const, data: { received: true as const, duplicate: result.duplicate } };
    } catch (error) {
      if (error instanceof WebhookSignatureError) {
        request.log.warn({ provider, reason: error.message }, 'webhook refused');
        return reply.code(400).send({ status: false, err: 400, msg: request.t('validation.webhookSignatureInvalid') });
      }
      throw error;
    }
  };

  const schema = (summary: string) => ({
    tags: ['billing'],
    summary,
    response: { ...errorResponses, 200: webhookAckSchema, 400: errorEnvelopeSchema, 404: errorEnvelopeSchema },
  });

  app.post('/stripe/webhook', { schema: schema('Stripe webhook (Stripe-Signature, 300 s tolerance)') }, handler('stripe'));
  app.post('/payments/local/webhook', { schema: schema('Local checkout webhook (same signature scheme, local secret)') }, handler('local'));
};
export default webhooks;
