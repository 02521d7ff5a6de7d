/**
 * The administrators' notification of new contact messages (lib/contact-inbox.ts) runs from the
 * mail worker's poll, in every API process: one indexed read when nothing is new.
 */
import fp from 'fastify-plugin';
import { notifyAdministrators } from '../../lib/contact-inbox';

export default fp(
  async (app) => {
    const site = app.config.PUBLIC_BASE_URL;
    app.mail.addPeriodicJob('contact-notify', () => notifyAdministrators(app.db, app.mail, site, new Date()));
  },
  { name: 'contact-notify', dependencies: ['config', 'db', 'mail'] },
);
