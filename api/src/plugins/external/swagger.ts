import fp from 'fastify-plugin';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';

/** The docs page needs inline style attributes and data: images; nothing else is relaxed. */
export const DOCS_CSP = [
  "default-src 'self'",
  "script-src 'self'",
  "script-src-attr 'none'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data:",
  "font-src 'self' data:",
  "connect-src 'self'",
  "object-src 'none'",
  "base-uri 'none'",
  "form-action 'self'",
  "frame-ancestors 'self'",
].join('; ');

/**
 * OpenAPI document generated from the routes' zod schemas (fastify-type-provider-zod):
 * /api/openapi.json (routes/openapi.ts) and the Swagger UI page at /api/docs.
 */
export default fp(
  async (app) => {
    await app.register(swagger, {
      openapi: {
        openapi: '3.0.3',
        info: {
          title: 'Scholars Hub API',
          description:
            'Bilingual (Arabic/English) academic platform. Every JSON answer is the envelope ' +
            '`{ status, msg?, data?, tot?, err?, errors? }`; messages follow Accept-Language (ar or en, default en). ' +
            "Stored file paths contain 'public/': the part after it is served under /files/.",
          version: '1.0.0',
        },
        servers: [],
        components: {
          securitySchemes: {
            bearerAuth: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT', description: 'Access token from sign-in or refresh (15 minutes)' },
          },
        },
        tags: [
          { name: 'accounts', description: 'Sign-up, sign-in, codes, password reset, sessions, captcha' },
          { name: 'catalog', description: 'Public lists: plans, categories, conferences, research community, team, ads' },
          { name: 'site', description: 'Site settings, the about page and the privacy policy' },
          { name: 'system', description: 'Health' },
        ],
      },
      transform: jsonSchemaTransform,
    });
    await app.register(swaggerUi, {
      routePrefix: '/api/docs',
      staticCSP: DOCS_CSP,
      uiConfig: { docExpansion: 'list', deepLinking: false },
      theme: { title: 'Scholars Hub API' },
    });
  },
  { name: 'swagger', dependencies: ['config'] },
);
