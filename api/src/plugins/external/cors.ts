import fp from 'fastify-plugin';
import cors from '@fastify/cors';

/** CORS for the configured origins only (CORS_ORIGINS), with credentials (the refresh cookie). */
export default fp(
  async (app) => {
    await app.register(cors, {
      origin: app.config.CORS_ORIGINS,
      credentials: true,
      methods: ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'],
      allowedHeaders: ['Content-Type', 'Authorization', 'Accept-Language', 'X-Requested-With'],
      maxAge: 600,
    });
  },
  { name: 'cors', dependencies: ['config'] },
);
