import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorEnvelopeSchema, healthResponseSchema } from '@scholars/shared-contracts/schemas';
import { AppError } from '../lib/errors';
import { errorResponses } from './schemas';

const health: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/health',
    {
      config: { rateLimit: false },
      schema: {
        tags: ['system'],
        summary: 'Liveness and database check',
        response: { 200: healthResponseSchema, 503: errorEnvelopeSchema, ...errorResponses },
      },
    },
    async (request) => {
      try {
        await app.database.ping();
      } catch (error) {
        request.log.error({ err: error }, 'database ping failed');
        throw new AppError(503, 'validation.serviceUnavailable');
      }
      return {
        status: true as const,
        data: { database: 'ok' as const, driver: app.database.driver, uptime_s: Math.round(process.uptime()) },
      };
    },
  );
};
export default health;
