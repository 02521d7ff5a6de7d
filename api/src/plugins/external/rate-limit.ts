import fp from 'fastify-plugin';
import rateLimit from '@fastify/rate-limit';

/**
 * Per-client request limit (RATE_LIMIT_MAX per RATE_LIMIT_WINDOW, in memory per process). The
 * client address honours X-Forwarded-For from trusted proxies only (TRUST_PROXY). Over the limit:
 * 429 with the envelope (error handler).
 */
export default fp(
  async (app) => {
    await app.register(rateLimit, {
      global: true,
      max: app.config.RATE_LIMIT_MAX,
      timeWindow: app.config.RATE_LIMIT_WINDOW,
    });
  },
  { name: 'rate-limit', dependencies: ['config'] },
);
