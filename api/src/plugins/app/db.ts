import fp from 'fastify-plugin';
import { openDatabase, type DatabaseHandle, type Db } from '../../db/client';
import { seedDatabase } from '../../db/seed';

declare module 'fastify' {
  interface FastifyInstance {
    /** The open database (driver, ping, close). */
    database: DatabaseHandle;
    /** Drizzle over it. */
    db: Db;
  }
}

/** How often the embedded database is vacuumed and analysed (PGlite has no autovacuum). */
export const PGLITE_VACUUM_INTERVAL_MS = 6 * 3600_000;

export interface DbPluginOptions {
  /** Use this database instead of opening one from the configuration (tests). It is closed with the app. */
  database?: DatabaseHandle;
}

/**
 * Opens the database (PostgreSQL when DATABASE_URL is set, else PGlite in DATA_DIR), applies the
 * migrations and, when SEED is on, the idempotent seed, all under the migration lock. The embedded
 * database is also vacuumed (PostgreSQL's autovacuum does it on a server).
 */
export default fp<DbPluginOptions>(
  async (app, opts) => {
    const { config } = app;
    const database =
      opts.database ??
      (await openDatabase({
        databaseUrl: config.DATABASE_URL,
        poolSize: config.DATABASE_POOL_SIZE,
        dataDir: config.DATA_DIR,
        // Another process may now open the folder: stop serving rather than risk corrupting it.
        onLockCompromised: (error) => {
          app.log.fatal({ err: error }, 'the embedded database folder lock was lost; shutting down');
          void app.close();
        },
      }));
    if (database.driver === 'postgres') {
      database.pool.on('error', (error) => app.log.error({ err: error }, 'idle database connection failed'));
    }
    try {
      await database.migrate(
        config.SEED
          ? async (db) => {
              const result = await seedDatabase(db);
              app.log.info({ result }, 'seed');
            }
          : undefined,
      );
    } catch (error) {
      await database.close().catch(() => undefined);
      throw error;
    }
    app.decorate<DatabaseHandle>('database', database);
    app.decorate('db', database.db);
    let maintenance: ReturnType<typeof setInterval> | undefined;
    if (database.driver === 'pglite') {
      // PGlite runs no autovacuum: without it the planner has no statistics and index-only scans
      // (counts, deep pages) visit every row. Done at start (a fraction of a second for tens of
      // thousands of rows), then every {@link PGLITE_VACUUM_INTERVAL_MS}; it holds the one connection meanwhile.
      const client = database.client;
      const vacuum = async () => {
        const started = Date.now();
        await client.exec('VACUUM (ANALYZE)');
        app.log.debug({ ms: Date.now() - started }, 'embedded database vacuumed');
      };
      await vacuum().catch((error: unknown) => app.log.warn({ err: error }, 'VACUUM of the embedded database failed'));
      maintenance = setInterval(() => {
        if (!client.closed) vacuum().catch((error: unknown) => app.log.warn({ err: error }, 'VACUUM of the embedded database failed'));
      }, PGLITE_VACUUM_INTERVAL_MS);
      maintenance.unref();
    }
    app.addHook('onClose', async () => {
      if (maintenance) clearInterval(maintenance);
      await database.close();
    });
  },
  { name: 'db', dependencies: ['config'] },
);
