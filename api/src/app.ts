/**
 * The API application (fastify/demo layout): external plugins (security headers, CORS, cookies,
 * rate limit, compression, docs, static files; multipart in the route plugins that read it), app plugins (config, i18n, error
 * handling, input guards, database, the bus between processes, the public read cache), then the routes under
 * /api. `buildApp` returns a ready-to-listen instance; the tests build it the same way with a
 * fresh database.
 */
import { randomBytes } from 'node:crypto';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { installValidationErrorMap } from '@scholars/shared-contracts/schemas';
import type { AppConfig } from './config';
import type { DatabaseHandle } from './db/client';
import { lazyChildLoggerFactory, requestIdGenerator } from './lib/request-logger';
import configPlugin from './plugins/app/config';
import i18nPlugin from './plugins/app/i18n';
import errorHandlerPlugin, { clientErrorHandler, frameworkErrorHandler } from './plugins/app/error-handler';
import inputGuardsPlugin from './plugins/app/input-guards';
import dbPlugin from './plugins/app/db';
import busPlugin from './plugins/app/bus';
import readCachePlugin from './plugins/app/read-cache';
import authPlugin from './plugins/app/auth';
import mailPlugin from './plugins/app/mail';
import reviewDigestPlugin from './plugins/app/review-digest';
import contactNotifyPlugin from './plugins/app/contact-notify';
import newsletterSendPlugin from './plugins/app/newsletter-send';
import maintenancePlugin from './plugins/app/maintenance';
import captchaPlugin from './lib/captcha';
import helmetPlugin from './plugins/external/helmet';
import corsPlugin from './plugins/external/cors';
import cookiePlugin from './plugins/external/cookie';
import rateLimitPlugin from './plugins/external/rate-limit';
import compressPlugin from './plugins/external/compress';
import swaggerPlugin from './plugins/external/swagger';
import staticPlugin from './plugins/external/static';
import storagePlugin from './plugins/app/storage';
import routes from './routes';

// Zod issues not named by a schema carry `validation.*` keys (answered in the request's language).
installValidationErrorMap();

declare module 'fastify' {
  interface FastifyInstance {
    /** What the command line proves itself with (routes/operator.ts); server.ts writes it to DATA_DIR/operator.json. */
    operatorSecret: string;
  }
}

export interface BuildAppOptions {
  config: AppConfig;
  /** Use this database (tests); default: open the one the configuration names. */
  database?: DatabaseHandle;
  /** The operator secret (routes/operator.ts); default: a new random one per process. */
  operatorSecret?: string;
  /** Fastify logger option; default: pino at LOG_LEVEL with secrets redacted. */
  logger?: FastifyServerOptions['logger'];
}

export function loggerOptions(config: AppConfig): FastifyServerOptions['logger'] {
  return {
    level: config.LOG_LEVEL,
    redact: {
      paths: ['req.headers.authorization', 'req.headers.cookie', 'res.headers["set-cookie"]', '*.password', '*.password_hash'],
      censor: '[redacted]',
    },
  };
}

/** TRUST_PROXY: true, false, or proxy-addr addresses and names (`loopback`, `10.0.0.0/8,127.0.0.1`). */
export function trustProxyOption(value: string): boolean | string {
  if (value === 'true') return true;
  if (value === 'false') return false;
  return value;
}

export async function buildApp(options: BuildAppOptions): Promise<FastifyInstance> {
  const { config } = options;
  const app = Fastify({
    logger: options.logger ?? loggerOptions(config),
    trustProxy: trustProxyOption(config.TRUST_PROXY),
    bodyLimit: config.BODY_LIMIT,
    routerOptions: { ignoreTrailingSlash: true, ignoreDuplicateSlashes: true, maxParamLength: 200 },
    // A request's id and its child logger are priced for the requests that log nothing (lib/request-logger.ts).
    genReqId: requestIdGenerator(),
    childLoggerFactory: lazyChildLoggerFactory,
    forceCloseConnections: 'idle',
    // What the router and Node's HTTP parser refuse answers with the envelope too.
    frameworkErrors: frameworkErrorHandler,
    clientErrorHandler,
    // Opening a fresh embedded database and running every migration can exceed Fastify's 10 s
    // plugin default on a loaded 2-core machine; a slow start is not a failed one.
    pluginTimeout: 120_000,
  }).withTypeProvider<ZodTypeProvider>();

  // Closing sweeps the idle keep-alive connections once (forceCloseConnections 'idle'): an answer
  // still being sent then keeps its connection, and the close, until the keep-alive timeout (72 s).
  // Swept again until the server has closed: a timer while closing, not a hook on every request.
  app.addHook('preClose', (done) => {
    if (app.server.listening) {
      const sweep = setInterval(() => app.server.closeIdleConnections(), 50);
      sweep.unref();
      app.server.once('close', () => clearInterval(sweep));
    }
    done();
  });

  // Which process answered, behind a front door with several (INSTANCE; the chat handshake: realtime.ts).
  const instance = config.INSTANCE;
  if (instance) {
    app.addHook('onRequest', (_request, reply, done) => {
      reply.header('x-api-instance', instance);
      done();
    });
  }

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  try {
    await app.register(configPlugin, { config });
    await app.register(i18nPlugin);
    await app.register(helmetPlugin);
    await app.register(corsPlugin);
    await app.register(cookiePlugin);
    await app.register(rateLimitPlugin);
    // Before any route: it attaches itself to the routes registered after it.
    await app.register(compressPlugin);
    // multipart/form-data: registered by the route plugins that read it (contact, profile,
    // research, the console's uploads), not here: its hooks would run on every request (issue 6).
    await app.register(errorHandlerPlugin);
    await app.register(inputGuardsPlugin);
    await app.register(swaggerPlugin);
    await app.register(storagePlugin);
    await app.register(staticPlugin);
    await app.register(dbPlugin, { database: options.database });
    await app.register(busPlugin);
    await app.register(readCachePlugin);
    await app.register(authPlugin);
    await app.register(mailPlugin);
    await app.register(reviewDigestPlugin);
    await app.register(contactNotifyPlugin);
    await app.register(newsletterSendPlugin);
    await app.register(maintenancePlugin);
    await app.register(captchaPlugin);
    app.decorate('operatorSecret', options.operatorSecret ?? randomBytes(32).toString('base64url'));
    await app.register(routes, { prefix: '/api' });
    await app.ready();
  } catch (error) {
    // Release what was opened (database, folder lock) before reporting the failure.
    await app.close().catch(() => undefined);
    if (options.database) await options.database.close().catch(() => undefined);
    throw error;
  }
  return app;
}
