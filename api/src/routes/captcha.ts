/** GET captcha/challenge: an ALTCHA challenge (lib/captcha.ts), solved in the browser by `obtainCaptcha()`. */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { captchaChallengeResponseSchema } from '@scholars/shared-contracts/schemas';
import { errorResponses } from './schemas';

const captcha: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/captcha/challenge',
    {
      schema: {
        tags: ['accounts'],
        summary:
          'A signed ALTCHA proof-of-work challenge (expires in 10 minutes, one use). Send `base64(JSON.stringify({ challenge, solution }))` as the form field `captcha`',
        response: { 200: captchaChallengeResponseSchema, ...errorResponses },
      },
    },
    async (_request, reply) => {
      reply.header('Cache-Control', 'no-store');
      const challenge = await app.captcha.challenge();
      return { status: true as const, data: { parameters: challenge.parameters, signature: challenge.signature ?? '' } };
    },
  );
};
export default captcha;
