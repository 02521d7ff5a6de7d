/**
 * The yearly plans in the operator console (issue 19; administrators): bilingual name, price in AED,
 * features in their order (replaced on each save), active or retired. A retired plan leaves the
 * pricing section and its checkout is refused; its subscriptions go on.
 *
 * A price change applies to new purchases only: a subscription keeps the price it was bought at
 * (`subscriptions.price`, which its checkout, invoices and renewals use). With Stripe configured, a
 * new price is a new Stripe Price (lib/payments/plan-prices.ts) stored as `stripe_price_id`; the old
 * Price stays for the subscriptions bought with it. Without Stripe, `stripe_price_id` is null and the
 * checkout sends the price inline.
 */
import { eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { rolesFor, type ApiRouteKey } from '@scholars/shared-contracts/authorization';
import {
  adminPlanResponseSchema,
  type AdminPlan,
  adminPlansQuerySchema,
  adminPlansResponseSchema,
  errorEnvelopeSchema,
  idParamsSchema,
  okSchema,
  planUpdateSchema,
  planWriteSchema,
  versionQuerySchema,
} from '@scholars/shared-contracts/schemas';
import { subscriptionPlans } from '../db/schema';
import { notFound } from '../lib/errors';
import { auditContent, deleteVersioned, refuseInUse, refuseMissingTranslations, refuseStale, updateVersioned } from '../lib/operators/content';
import { changedFields, saveAction, saveMessage } from '../lib/operators/home-content';
import { listPlans, planItem, planMissingTranslations, planValues, replaceFeatures, subscriptionsOf } from '../lib/operators/plans';
import { createPlanPrice } from '../lib/payments/plan-prices';
import { errorResponses, notFoundResponse, staffErrors } from './schemas';

/** A plan as the audit compares it: features by their texts (a save gives them new ids). */
const comparable = (item: AdminPlan) => ({ ...item, features: item.features.map(({ feature, feature_en }) => ({ feature, feature_en })) });

const conflict = { 409: errorEnvelopeSchema.describe('A newer version was saved meanwhile (`staleEdit`), or subscriptions refer to the plan (`planInUse`)') };

const adminPlans: FastifyPluginAsyncZod = async (app) => {
  const guard = (route: ApiRouteKey) => app.requireRole(...rolesFor(route));
  const common = { tags: ['admin'], security: [{ bearerAuth: [] }] } as const;

  app.get(
    '/admin/plans',
    {
      onRequest: guard('GET /api/admin/plans'),
      schema: {
        ...common,
        summary: 'Plans, active and retired: search (names, both languages), `active` filter, in their order, with features and subscription counts',
        querystring: adminPlansQuerySchema,
        response: { 200: adminPlansResponseSchema, ...staffErrors, ...errorResponses },
      },
    },
    async (request) => {
      const { items, total } = await listPlans(app.db, request.query);
      return { status: true as const, data: items, tot: total };
    },
  );

  app.post(
    '/admin/plans',
    {
      onRequest: guard('POST /api/admin/plans'),
      schema: {
        ...common,
        summary: 'Add a plan (active only with its name and every feature in both languages)',
        body: planWriteSchema,
        response: { 201: adminPlanResponseSchema, ...staffErrors, ...errorResponses },
      },
    },
    async (request, reply) => {
      const { body } = request;
      if (body.active) refuseMissingTranslations(planMissingTranslations(body));
      const row = await app.db.transaction(async (tx) => {
        // No Stripe Price yet: the checkout sends the price inline until the price first changes.
        const [created] = await tx.insert(subscriptionPlans).values(planValues(body)).returning();
        await replaceFeatures(tx, created!.id, body.features);
        await auditContent(tx, { actorId: request.user!.id, action: 'content.create', targetType: 'plan', targetId: created!.id, details: { name_en: body.name_en, price: body.price, active: body.active } });
        return created!;
      });
      return reply.code(201).send({ status: true as const, msg: request.t(body.active ? 'success.contentPublished' : 'success.contentSaved'), data: await planItem(app.db, row) });
    },
  );

  app.put(
    '/admin/plans/:id',
    {
      onRequest: guard('PUT /api/admin/plans/{id}'),
      schema: {
        ...common,
        summary: 'Edit a plan, activate or retire it; a new price applies to new purchases only (with Stripe: a new Price)',
        params: idParamsSchema,
        body: planUpdateSchema,
        response: {
          200: adminPlanResponseSchema,
          ...staffErrors,
          ...notFoundResponse,
          ...conflict,
          502: errorEnvelopeSchema.describe('Stripe did not create the new Price: nothing was changed'),
          ...errorResponses,
        },
      },
    },
    async (request, reply) => {
      const { body } = request;
      const [current] = await app.db.select().from(subscriptionPlans).where(eq(subscriptionPlans.id, request.params.id));
      if (!current) throw notFound();
      // Checked before asking Stripe, so a stale edit creates no Price (the save checks it again).
      refuseStale(current, body.version);
      if (body.active) refuseMissingTranslations(planMissingTranslations(body));
      const priceChanged = Number(current.price) !== body.price;
      let stripePriceId: string | null = null;
      if (priceChanged && app.payments.stripe) {
        try {
          stripePriceId = await createPlanPrice(app.payments.stripe, current, body.price);
        } catch (error) {
          request.log.error({ err: error, planId: current.id }, 'Stripe price could not be created');
          return reply.code(502).send({ status: false as const, err: 502, msg: request.t('validation.planPriceProviderFailed') });
        }
      }
      const { row, action } = await app.db.transaction(async (tx) => {
        const previous = await planItem(tx, current);
        const saved = await updateVersioned(tx, subscriptionPlans, current.id, body.version, {
          ...planValues(body),
          // Subscriptions keep `subscriptions.price`; only new purchases see the new price.
          ...(priceChanged ? { stripePriceId } : {}),
        });
        await replaceFeatures(tx, saved.id, body.features);
        const done = saveAction(current.active, saved.active, 'content.archive');
        const after = await planItem(tx, saved);
        await auditContent(tx, {
          actorId: request.user!.id,
          action: done,
          targetType: 'plan',
          targetId: saved.id,
          details: {
            changed: changedFields(comparable(previous), comparable(after)),
            ...(priceChanged ? { price: { from: Number(current.price), to: body.price }, stripe_price_id: stripePriceId } : {}),
          },
        });
        return { row: after, action: done };
      });
      // A plan is retired, not archived: its page is not taken down, it is no longer sold.
      const msg = priceChanged && action === 'content.update' ? 'success.planPriceChanged' : action === 'content.archive' ? 'success.planRetired' : saveMessage(action);
      return { status: true as const, msg: request.t(msg), data: row };
    },
  );

  app.delete(
    '/admin/plans/:id',
    {
      onRequest: guard('DELETE /api/admin/plans/{id}'),
      schema: {
        ...common,
        summary: 'Delete a plan no subscription refers to (`?version=`); otherwise 409 `planInUse`: retire it',
        params: idParamsSchema,
        querystring: versionQuerySchema,
        response: { 200: okSchema, ...staffErrors, ...notFoundResponse, ...conflict, ...errorResponses },
      },
    },
    async (request) => {
      await app.db.transaction(async (tx) => {
        refuseInUse(await subscriptionsOf(tx, request.params.id), 'validation.planInUse');
        const gone = await deleteVersioned(tx, subscriptionPlans, request.params.id, request.query.version);
        await auditContent(tx, { actorId: request.user!.id, action: 'content.delete', targetType: 'plan', targetId: gone.id, details: { name: gone.name, name_en: gone.nameEn, price: Number(gone.price) } });
      });
      return { status: true as const, msg: request.t('success.contentDeleted') };
    },
  );
};

export default adminPlans;
