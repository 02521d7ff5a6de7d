import type { IncomingMessage, ServerResponse } from 'node:http';
import fp from 'fastify-plugin';
import helmet, { type HelmetOptions } from 'helmet';

/**
 * The headers `helmet` sets with `options`, computed once. They do not depend on the request (no
 * CSP nonces), so every answer gets the same set; @fastify/helmet rebuilt the helmet middleware
 * (parsing the CSP directives again) on every request, about a tenth of the API's time on a cached
 * read (issue 6).
 */
export function helmetHeaders(options: Readonly<HelmetOptions>): Record<string, string> {
  const headers: Record<string, string> = {};
  const response = {
    setHeader(name: string, value: string | number | readonly string[]) {
      headers[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : String(value);
    },
    removeHeader(name: string) {
      delete headers[name.toLowerCase()];
    },
  };
  let failure: unknown;
  helmet(options)({} as IncomingMessage, response as unknown as ServerResponse, (error?: unknown) => {
    failure = error;
  });
  if (failure) throw failure;
  return headers;
}

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
    const headers = helmetHeaders({
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
    app.addHook('onRequest', (_request, reply, done) => {
      reply.headers(headers);
      done();
    });
  },
  { name: 'helmet', dependencies: ['config'] },
);
