import fp from 'fastify-plugin';
import cors from '@fastify/cors';

/**
 * CORS for the configured origins only (CORS_ORIGINS), with credentials (the refresh cookie).
 * A request without an Origin (same-origin reads, servers, curl) is no CORS request and gets no
 * CORS header; neither does an origin not on the list. `Vary: Origin` is on every answer, so a
 * shared cache never hands one origin's answer to another.
 */
export default fp(
  async (app) => {
    const allowed = new Set(app.config.CORS_ORIGINS);
    await app.register(cors, {
      origin: (origin, callback) => callback(null, origin !== undefined && allowed.has(origin)),
      credentials: true,
      methods: ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'],
      allowedHeaders: ['Content-Type', 'Authorization', 'Accept-Language', 'X-Requested-With'],
      maxAge: 600,
    });
  },
  { name: 'cors', dependencies: ['config'] },
);
