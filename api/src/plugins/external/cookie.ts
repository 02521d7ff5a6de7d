import { randomBytes } from 'node:crypto';
import fp from 'fastify-plugin';
import cookie from '@fastify/cookie';

/** Cookies (the refresh token later). COOKIE_SECRET signs them; without one (dev) a random secret per process. */
export default fp(
  async (app) => {
    const secret = app.config.COOKIE_SECRET ?? randomBytes(32).toString('hex');
    if (!app.config.COOKIE_SECRET && app.config.NODE_ENV !== 'test') {
      app.log.warn('COOKIE_SECRET is not set: signed cookies will not survive a restart or be shared between processes');
    }
    // Parsed just before the handler: a read answered from the cache (preValidation) never needs them.
    await app.register(cookie, { secret, hook: 'preHandler' });
  },
  { name: 'cookie', dependencies: ['config'] },
);
