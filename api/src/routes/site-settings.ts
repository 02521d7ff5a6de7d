import { eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { siteSettingsResponseSchema, type SiteSettings } from '@scholars/shared-contracts/schemas';
import { siteSettings } from '../db/schema';
import { errorResponses } from './schemas';

const siteSettingsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/site-settings',
    {
      ...app.readCache.route({ tables: ['site_settings'] }),
      schema: {
        tags: ['site'],
        summary: 'Footer social links (null: not shown), contact details and the made-by credit (url null: the name without a link)',
        response: { 200: siteSettingsResponseSchema, ...errorResponses },
      },
    },
    async () => {
      const [row] = await app.db.select().from(siteSettings).where(eq(siteSettings.id, 1));
      const data: SiteSettings = {
        social_links: {
          facebook: row?.facebookUrl || null,
          twitter: row?.twitterUrl || null,
          linkedin: row?.linkedinUrl || null,
          instagram: row?.instagramUrl || null,
          youtube: row?.youtubeUrl || null,
        },
        contact: {
          email: row?.contactEmail ?? '',
          phone: row?.contactPhone ?? '',
          address: row?.address ?? '',
          address_en: row?.addressEn ?? '',
        },
        made_by: {
          name: row?.madeByName ?? '',
          name_en: row?.madeByNameEn ?? '',
          url: row?.madeByUrl || null,
        },
      };
      return { status: true as const, data };
    },
  );
};
export default siteSettingsRoutes;
