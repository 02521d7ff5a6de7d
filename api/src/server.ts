/**
 * Starts the API: validates the configuration (exit 1 with a clear message when it is wrong),
 * builds the app (database, migrations, seed), listens, and shuts down gracefully on SIGINT and
 * SIGTERM (stops accepting connections, finishes requests in flight, closes the database and
 * releases the embedded database folder).
 */
import { ConfigError, loadConfig, type AppConfig } from './config';
import { buildApp } from './app';
import { PgliteDirIncompleteError, PgliteDirLockedError } from './db/pglite-dir';
import { loadPaymentsConfig, PaymentsConfigError } from './lib/payments/config';
import { issueSetupToken } from './lib/operators/setup-links';
import { announceSetupLink, writeOperatorFile } from './lib/operators/local-files';

let config: AppConfig;
try {
  config = loadConfig();
  // The payment settings too, before anything opens: a bad value or a production start without
  // Stripe stops here with the setting's name.
  loadPaymentsConfig(process.env, config.COOKIE_SECRET, config.NODE_ENV);
} catch (error) {
  console.error(error instanceof ConfigError || error instanceof PaymentsConfigError ? error.message : error);
  process.exit(1);
}

let app: Awaited<ReturnType<typeof buildApp>>;
try {
  app = await buildApp({ config });
} catch (error) {
  if (error instanceof PaymentsConfigError) {
    console.error(error.message);
  } else if (error instanceof PgliteDirLockedError || error instanceof PgliteDirIncompleteError) {
    console.error(`Cannot start: ${error.message}`);
  } else {
    console.error('Cannot start:', error);
  }
  process.exit(1);
}

let closing = false;
async function shutdown(signal: string) {
  if (closing) return;
  closing = true;
  app.log.info({ signal }, 'shutting down');
  // A stuck request must not keep the process (and the database folder) forever.
  const timer = setTimeout(() => {
    app.log.error('graceful shutdown timed out');
    process.exit(1);
  }, 10_000);
  timer.unref();
  try {
    await app.close();
    process.exit(0);
  } catch (error) {
    app.log.error({ err: error }, 'shutdown failed');
    process.exit(1);
  }
}
process.on('SIGINT', () => void shutdown('SIGINT'));
process.on('SIGTERM', () => void shutdown('SIGTERM'));

// While no administrator exists, a one-time setup link is printed and left in a file for scripts
// (lib/operators/setup-links.ts), before the API answers: whoever waits for it finds the link.
const setupLink = await issueSetupToken(app.db).catch((error: unknown) => {
  app.log.error({ err: error }, 'could not issue the setup link');
  return null;
});
await announceSetupLink(config, setupLink);

try {
  await app.listen({ port: config.PORT, host: config.HOST });
} catch (error) {
  app.log.error({ err: error }, 'cannot listen');
  await app.close().catch(() => undefined);
  process.exit(1);
}

// The command line finds the running API and its secret here (routes/operator.ts).
await writeOperatorFile(config, app.operatorSecret, app.server.address());

