/**
 * The batched send jobs, run from the mail worker's poll in every API process: the newsletter's
 * issues (lib/newsletter/issues.ts) and the notices of an amended privacy policy
 * (lib/operators/policy-notices.ts). Each is one indexed read when nothing is sending; batches are
 * claimed with row locks, at the newsletter's batch size and rate.
 */
import fp from 'fastify-plugin';
import { runNewsletterSends } from '../../lib/newsletter/issues';
import { runPolicyNoticeSends } from '../../lib/operators/policy-notices';

export default fp(
  async (app) => {
    const options = {
      site: app.config.PUBLIC_BASE_URL,
      batchSize: app.config.NEWSLETTER_BATCH_SIZE,
      ratePerMinute: app.config.NEWSLETTER_RATE_PER_MINUTE,
    };
    app.mail.addPeriodicJob('newsletter-send', () => runNewsletterSends(app.db, app.mail, options));
    app.mail.addPeriodicJob('policy-notice-send', () => runPolicyNoticeSends(app.db, app.mail, options));
  },
  { name: 'newsletter-send', dependencies: ['config', 'db', 'mail'] },
);
