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

export interface DbPluginOptions {
  /** Use this database instead of opening one from the configuration (tests). It is closed with the app. */
  database?: DatabaseHandle;
}

/**
 * Opens the database (PostgreSQL when DATABASE_URL is set, else PGlite in DATA_DIR), applies the
 * migrations and, when SEED is on, the idempotent seed, all under the migration lock.
 */
export default fp<DbPluginOptions>(
  async (app, opts) => {
    const { config } = app;
    const database =
      opts.database ??
      (await openDatabase({
        databaseUrl: config.DATABASE_URL,
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
    app.addHook('onClose', async () => {
      await database.close();
    });
  },
  { name: 'db', dependencies: ['config'] },
);
