import { asc, eq, inArray } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { subscriptionPlansResponseSchema, type SubscriptionPlan } from '@scholars/shared-contracts/schemas';
import { subscriptionPlanFeatures, subscriptionPlans } from '../db/schema';
import { errorResponses } from './schemas';

const plans: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/subscription-plan',
    {
      ...app.readCache.route({ tables: ['subscription_plans', 'subscription_plan_features'] }),
      schema: {
        tags: ['catalog'],
        summary: 'Yearly subscription plans (AED) with their features',
        response: { 200: subscriptionPlansResponseSchema, ...errorResponses },
      },
    },
    async () => {
      const rows = await app.db
        .select()
        .from(subscriptionPlans)
        .where(eq(subscriptionPlans.active, true))
        .orderBy(asc(subscriptionPlans.sortOrder), asc(subscriptionPlans.id));
      const features = rows.length
        ? await app.db
            .select()
            .from(subscriptionPlanFeatures)
            .where(
              inArray(
                subscriptionPlanFeatures.planId,
                rows.map((row) => row.id),
              ),
            )
            .orderBy(asc(subscriptionPlanFeatures.sortOrder), asc(subscriptionPlanFeatures.id))
        : [];
      const data: SubscriptionPlan[] = rows.map((plan) => ({
        id: plan.id,
        name: plan.name,
        name_en: plan.nameEn,
        price: Number(plan.price),
        currency: 'AED',
        interval: 'year',
        consultation_sessions: plan.consultationSessions,
        subscription_plan_features: features
          .filter((feature) => feature.planId === plan.id)
          .map((feature) => ({ id: feature.id, feature: feature.feature, feature_en: feature.featureEn })),
      }));
      return { status: true as const, data };
    },
  );
};
export default plans;
