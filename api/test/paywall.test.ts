/**
 * The paywall (decisions.md "What needs an active subscription"): `hasActiveSubscription` and
 * `app.requireActiveSubscription` on a real paywalled call (the research file link).
 */
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { validationMessages } from '@scholars/shared-contracts/schemas';
import { researchSubmissions, subscriptions } from '../src/db/schema';
import { hasActiveSubscription } from '../src/plugins/app/paywall';
import { bearer, createUser, postJson, signIn, useApp, type TestApp } from './helper';
import { buyWithLocalCheckout } from './billing-helpers';

const getApp = useApp();
const DAY = 86_400_000;

async function subscription(app: TestApp, userId: number, values: Partial<typeof subscriptions.$inferInsert>) {
  await app.db.insert(subscriptions).values({ userId, planId: 1, price: 299, provider: 'local', status: 'pending', ...values });
}

describe('hasActiveSubscription', () => {
  it('is true only for an active, not ended subscription whose period is not over', async () => {
    const app = getApp();
    const cases: Array<[Partial<typeof subscriptions.$inferInsert>, boolean]> = [
      [{ status: 'pending' }, false],
      [{ status: 'failed' }, false],
      [{ status: 'canceled' }, false],
      [{ status: 'active', currentPeriodStart: new Date(Date.now() - 400 * DAY), currentPeriodEnd: new Date(Date.now() - DAY) }, false],
      [{ status: 'active', currentPeriodEnd: new Date(Date.now() + DAY), endedAt: new Date() }, false],
      [{ status: 'active', currentPeriodStart: new Date(), currentPeriodEnd: new Date(Date.now() + 365 * DAY) }, true],
      [{ status: 'active', currentPeriodEnd: null }, true],
    ];
    for (const [values, expected] of cases) {
      const user = await createUser(app);
      expect(await hasActiveSubscription(app.db, user.id)).toBe(false);
      await subscription(app, user.id, values);
      expect(await hasActiveSubscription(app.db, user.id), JSON.stringify(values)).toBe(expected);
    }
  });
});

describe('app.requireActiveSubscription on a paywalled call', () => {
  it('refuses a visitor (401), refuses without a subscription (403 subscription_required, localized), allows with one', async () => {
    const app = getApp();
    const [research] = await app.db
      .select({ id: researchSubmissions.id })
      .from(researchSubmissions)
      .where(eq(researchSubmissions.status, 'approved'))
      .limit(1);
    expect(research).toBeDefined();
    const url = `/api/research-community/${research!.id}/file-link`;

    expect((await postJson(app, url, {})).status).toBe(401);

    const user = await createUser(app);
    const headers = bearer(await signIn(app, user));
    const refused = await postJson(app, url, {}, headers);
    expect(refused.status).toBe(403);
    expect(refused.body).toEqual({ status: false, err: 'subscription_required', msg: 'You need an active subscription to view this page' });
    const refusedAr = await postJson(app, url, {}, { ...headers, 'accept-language': 'ar' });
    expect(refusedAr.body.msg).toBe(validationMessages.ar.subscriptionRequired);

    // Buy through the local checkout, as a user does.
    await buyWithLocalCheckout(app, user, headers);

    const allowed = await postJson(app, url, {}, headers);
    expect(allowed.status).toBe(200);
    expect(allowed.body.status).toBe(true);
  });
});
