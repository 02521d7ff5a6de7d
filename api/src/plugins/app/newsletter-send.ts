/**
 * The newsletter's send job (lib/newsletter/issues.ts) runs from the mail worker's poll, in every
 * API process: one indexed read when no issue is sending; batches claimed with row locks.
 */
import fp from 'fastify-plugin';
import { runNewsletterSends } from '../../lib/newsletter/issues';

export default fp(
  async (app) => {
    const site = app.config.PUBLIC_BASE_URL.replace(/\/$/, '');
    app.mail.addPeriodicJob('newsletter-send', () =>
      runNewsletterSends(app.db, app.mail, { site, batchSize: app.config.NEWSLETTER_BATCH_SIZE, ratePerMinute: app.config.NEWSLETTER_RATE_PER_MINUTE }),
    );
  },
  { name: 'newsletter-send', dependencies: ['config', 'db', 'mail'] },
);
