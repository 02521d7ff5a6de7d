import fp from 'fastify-plugin';
import helmet from '@fastify/helmet';

/**
 * Security headers on every answer: a strict CSP (no inline script, `object-src 'none'`,
 * `base-uri 'none'`, `frame-ancestors` from FRAME_ANCESTORS), nosniff, `Referrer-Policy:
 * no-referrer` (stricter than strict-origin-when-cross-origin). The docs page relaxes styles for
 * its own routes only (swagger.ts); /files answers get their own sandboxing CSP (static.ts).
 */
export default fp(
  async (app) => {
    const frameAncestors = app.config.FRAME_ANCESTORS;
    const onlySelf = frameAncestors.length === 1 && frameAncestors[0] === "'self'";
    const none = frameAncestors.length === 1 && frameAncestors[0] === "'none'";
    await app.register(helmet, {
      global: true,
      contentSecurityPolicy: {
        useDefaults: false,
        directives: {
          defaultSrc: ["'self'"],
          scriptSrc: ["'self'"],
          scriptSrcAttr: ["'none'"],
          styleSrc: ["'self'"],
          imgSrc: ["'self'", 'data:'],
          fontSrc: ["'self'"],
          connectSrc: ["'self'"],
          objectSrc: ["'none'"],
          baseUri: ["'none'"],
          formAction: ["'self'"],
          frameAncestors,
        },
      },
      referrerPolicy: { policy: 'no-referrer' },
      crossOriginEmbedderPolicy: false,
      // X-Frame-Options cannot express a list of origins: only sent when it agrees with the CSP.
      xFrameOptions: onlySelf ? { action: 'sameorigin' } : none ? { action: 'deny' } : false,
    });
  },
  { name: 'helmet', dependencies: ['config'] },
);
