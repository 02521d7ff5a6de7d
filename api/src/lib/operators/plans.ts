/**
 * The yearly plans as the console edits them (issue 19; administrators): rows to answers with their
 * features and how many subscriptions refer to them, bodies to rows, the features replaced as a
 * whole on a save, and the console list (Arabic-aware search, `active` filter, pages).
 */
import { and, asc, count, eq, inArray, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import {
  PLAN_FEATURE_PAIRS,
  PLAN_PAIRS,
  missingRequiredTranslations,
  type AdminPlan,
  type planWriteSchema,
} from '@scholars/shared-contracts/schemas';
import type { Executor } from '../invoices/numbering';
import { subscriptionPlanFeatures, subscriptionPlans, subscriptions } from '../../db/schema';
import { foldedSearchConditions, pageOffset } from '../pagination';
import type { ListInput } from './home-content';

export type PlanRow = typeof subscriptionPlans.$inferSelect;
type PlanBody = z.output<typeof planWriteSchema>;

/** The fields an active plan must have in both languages: its name and every feature. */
export function planMissingTranslations(body: PlanBody): string[] {
  return [
    ...missingRequiredTranslations(body, PLAN_PAIRS),
    ...body.features.flatMap((feature, index) => missingRequiredTranslations(feature, PLAN_FEATURE_PAIRS, `features.${index}.`)),
  ];
}

export function planValues(body: PlanBody) {
  return {
    name: body.name,
    nameEn: body.name_en,
    price: body.price,
    ...(body.consultation_sessions === undefined ? {} : { consultationSessions: body.consultation_sessions }),
    active: body.active,
    sortOrder: body.sort_order,
  };
}

/** Replaces the plan's features with `features`, in their order. */
export async function replaceFeatures(db: Executor, planId: number, features: PlanBody['features']): Promise<void> {
  await db.delete(subscriptionPlanFeatures).where(eq(subscriptionPlanFeatures.planId, planId));
  if (features.length === 0) return;
  await db.insert(subscriptionPlanFeatures).values(features.map((feature, index) => ({ planId, feature: feature.feature, featureEn: feature.feature_en, sortOrder: index + 1 })));
}

/** Subscriptions (of any state) that refer to the plan: while there are any, it is retired, not deleted. */
export async function subscriptionsOf(db: Executor, planId: number): Promise<number> {
  const [row] = await db.select({ n: count() }).from(subscriptions).where(eq(subscriptions.planId, planId));
  return row?.n ?? 0;
}

/** The answers of `rows`, with their features and subscription counts. */
export async function planItems(db: Executor, rows: PlanRow[]): Promise<AdminPlan[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((row) => row.id);
  const [features, counts] = await Promise.all([
    db
      .select()
      .from(subscriptionPlanFeatures)
      .where(inArray(subscriptionPlanFeatures.planId, ids))
      .orderBy(asc(subscriptionPlanFeatures.sortOrder), asc(subscriptionPlanFeatures.id)),
    db.select({ planId: subscriptions.planId, n: count() }).from(subscriptions).where(inArray(subscriptions.planId, ids)).groupBy(subscriptions.planId),
  ]);
  return rows.map((row) => ({
    id: row.id,
    name: row.name,
    name_en: row.nameEn,
    price: Number(row.price),
    currency: 'AED' as const,
    active: row.active,
    features: features.filter((feature) => feature.planId === row.id).map((feature) => ({ id: feature.id, feature: feature.feature, feature_en: feature.featureEn })),
    consultation_sessions: row.consultationSessions,
    subscriptions: counts.find((entry) => entry.planId === row.id)?.n ?? 0,
    stripe_price_id: row.stripePriceId,
    sort_order: row.sortOrder,
    version: row.version,
    updated_at: row.updatedAt.toISOString(),
  }));
}

export async function planItem(db: Executor, row: PlanRow): Promise<AdminPlan> {
  const [item] = await planItems(db, [row]);
  return item!;
}

export async function listPlans(db: Executor, input: ListInput & { active?: boolean }) {
  const conditions: SQL[] = foldedSearchConditions([subscriptionPlans.name, subscriptionPlans.nameEn], input.q ?? '');
  if (input.active !== undefined) conditions.push(eq(subscriptionPlans.active, input.active));
  const where = conditions.length ? and(...conditions) : undefined;
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(subscriptionPlans)
      .where(where)
      .orderBy(asc(subscriptionPlans.sortOrder), asc(subscriptionPlans.id))
      .limit(input.limit)
      .offset(pageOffset(input.page, input.limit)),
    db.select({ n: count() }).from(subscriptionPlans).where(where),
  ]);
  return { items: await planItems(db, rows), total: total?.n ?? 0 };
}
