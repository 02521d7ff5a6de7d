/**
 * `app.bus`: the bus between API processes (lib/bus.ts): LISTEN/NOTIFY on PostgreSQL, in-process
 * (plus the embedded database's own notifications) on PGlite. The chat (realtime.ts) and the
 * public read cache (read-cache.ts) subscribe to it. Listening starts with the app.
 */
import fp from 'fastify-plugin';
import { LocalBus, PgBus, type Bus } from '../../lib/bus';

declare module 'fastify' {
  interface FastifyInstance {
    bus: Bus;
  }
}

export default fp(
  async (app) => {
    const { database } = app;
    const bus: Bus =
      database.driver === 'postgres'
        ? new PgBus({ pool: database.pool, log: app.log })
        : new LocalBus({ pglite: database.client, log: app.log });
    await bus.start();
    app.decorate<Bus>('bus', bus);
    // Before the database closes (the db plugin's onClose hook runs after this one: hooks run in reverse).
    app.addHook('onClose', async () => {
      await bus.close();
    });
  },
  { name: 'bus', dependencies: ['db'] },
);
