/**
 * The housekeeping job (lib/maintenance.ts) runs from the mail worker's poll: each process tries
 * once per slot, and the first to claim the slot in any process does the work.
 */
import fp from 'fastify-plugin';
import { MAINTENANCE_EVERY_MS, runMaintenance } from '../../lib/maintenance';

export default fp(
  async (app) => {
    let triedSlot = -1;
    app.mail.addPeriodicJob('maintenance', async () => {
      const now = new Date();
      const slot = Math.floor(now.getTime() / MAINTENANCE_EVERY_MS);
      if (slot === triedSlot) return;
      await runMaintenance(app.db, now, { mail: app.mail, site: app.config.PUBLIC_BASE_URL });
      triedSlot = slot;
    });
  },
  { name: 'maintenance', dependencies: ['db', 'mail', 'config'] },
);
