/**
 * The reviewers' daily digest (lib/review-digest.ts) runs from the mail worker's poll: no
 * scheduler process of its own. Each poll looks whether the platform day was claimed (one indexed
 * read); the first poll of a day in any API process claims it and sends.
 */
import fp from 'fastify-plugin';
import { runReviewDigest } from '../../lib/review-digest';

export default fp(
  async (app) => {
    const site = app.config.PUBLIC_BASE_URL;
    app.mail.addPeriodicJob('review-digest', () => runReviewDigest(app.db, app.mail, site, new Date()));
  },
  { name: 'review-digest', dependencies: ['config', 'db', 'mail'] },
);
