import fp from 'fastify-plugin';
import rateLimit from '@fastify/rate-limit';

/**
 * Per-client request limit (RATE_LIMIT_MAX per RATE_LIMIT_WINDOW, in memory per process). The
 * client address honours X-Forwarded-For from trusted proxies only (TRUST_PROXY). Over the limit:
 * 429 with the envelope (error handler), `Retry-After` and the `x-ratelimit-limit`, `-remaining`
 * (0) and `-reset` headers. Answers under the limit carry no rate-limit header (issue 6): no
 * client of this API reads them, each header is paid on every answer by the server and the
 * client, and a client learns the limit from the 429 itself (README, Security).
 */
export default fp(
  async (app) => {
    await app.register(rateLimit, {
      global: true,
      max: app.config.RATE_LIMIT_MAX,
      timeWindow: app.config.RATE_LIMIT_WINDOW,
      addHeadersOnExceeding: { 'x-ratelimit-limit': false, 'x-ratelimit-remaining': false, 'x-ratelimit-reset': false },
      addHeaders: { 'x-ratelimit-limit': true, 'x-ratelimit-remaining': true, 'x-ratelimit-reset': true, 'retry-after': true },
    });
  },
  { name: 'rate-limit', dependencies: ['config'] },
);
