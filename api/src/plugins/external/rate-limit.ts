import fp from 'fastify-plugin';
import rateLimit from '@fastify/rate-limit';
import { Redis } from 'ioredis';

/**
 * Per-client request limit (RATE_LIMIT_MAX per RATE_LIMIT_WINDOW). With RATE_LIMIT_REDIS_URL the
 * counts are kept in Redis, shared by every API process (one Lua script per request; a client
 * gets the limit once across the processes, not once per process); without it, in this process's
 * memory (the embedded database's single process, a one-process deployment). Redis, not
 * PostgreSQL, by measurement (docs/performance.md, decisions.md issue 22). Redis out of reach:
 * requests are let through and the error logged (skipOnError), the site stays up.
 *
 * The client address honours X-Forwarded-For from trusted proxies only (TRUST_PROXY). Over the
 * limit: 429 with the envelope (error handler), `Retry-After` and the `x-ratelimit-limit`,
 * `-remaining` (0) and `-reset` headers. Answers under the limit carry no rate-limit header (issue
 * 6): no client of this API reads them, each header is paid on every answer by the server and the
 * client, and a client learns the limit from the 429 itself (README, Security).
 */
export default fp(
  async (app) => {
    const { RATE_LIMIT_REDIS_URL: redisUrl } = app.config;
    // No offline queue: while Redis is unreachable a count fails at once (and the request passes)
    // instead of waiting for a reconnection.
    const redis = redisUrl ? new Redis(redisUrl, { enableOfflineQueue: false, maxRetriesPerRequest: 1, connectTimeout: 2_000 }) : undefined;
    if (redis) {
      redis.on('error', (error: Error) => app.log.warn({ err: error }, 'request-limit store (Redis) unreachable'));
      app.addHook('onClose', async () => {
        await redis.quit().catch(() => redis.disconnect());
      });
    }
    await app.register(rateLimit, {
      global: true,
      max: app.config.RATE_LIMIT_MAX,
      timeWindow: app.config.RATE_LIMIT_WINDOW,
      ...(redis ? { redis, nameSpace: 'scholars-request-limit-', skipOnError: true } : {}),
      addHeadersOnExceeding: { 'x-ratelimit-limit': false, 'x-ratelimit-remaining': false, 'x-ratelimit-reset': false },
      addHeaders: { 'x-ratelimit-limit': true, 'x-ratelimit-remaining': true, 'x-ratelimit-reset': true, 'retry-after': true },
    });
  },
  { name: 'rate-limit', dependencies: ['config'] },
);
