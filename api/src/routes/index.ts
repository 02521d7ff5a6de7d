import type { FastifyPluginAsync } from 'fastify';
import health from './health';
import openapi from './openapi';
import plans from './plans';
import categories from './categories';
import conferences from './conferences';
import researchCommunity from './research-community';
import team from './team';
import ads from './ads';
import siteSettings from './site-settings';

/** Every API route, mounted under /api by app.ts. */
const routes: FastifyPluginAsync = async (app) => {
  await app.register(health);
  await app.register(openapi);
  await app.register(plans);
  await app.register(categories);
  await app.register(conferences);
  await app.register(researchCommunity);
  await app.register(team);
  await app.register(ads);
  await app.register(siteSettings);
};
export default routes;
