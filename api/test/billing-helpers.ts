/**
 * Billing set-ups shared by the test files: a plan really bought through the local checkout page
 * (the purchase, the buyer's cookie, "pay"), by a member who exists or by a new one.
 */
import { and, eq } from 'drizzle-orm';
import { expect } from 'vitest';
import type { Locale } from '@scholars/shared-contracts/locale';
import { subscriptions } from '../src/db/schema';
import { bearer, createUser, postJson, signIn, type TestApp } from './helper';

/**
 * Buys `planId` for a signed-in member through the local checkout page, as they do (the purchase,
 * then "pay" from the browser holding the buyer's cookie); answers their paid subscription.
 */
export async function buyWithLocalCheckout(app: TestApp, user: { id: number }, headers: Record<string, string>, planId = 1) {
  const bought = await postJson(app, '/api/stripe/create-subscription', { planId, userId: user.id, active: false }, headers);
  expect(bought.status, JSON.stringify(bought.body)).toBe(200);
  const url = new URL((bought.body.data as { checkout_url: string }).checkout_url);
  const cookie = bought.response.cookies.find((c) => c.name === 'checkout_buyer')!;
  const paid = await app.inject({
    method: 'POST',
    url: url.pathname,
    headers: { 'content-type': 'application/x-www-form-urlencoded', cookie: `${cookie.name}=${cookie.value}` },
    payload: 'action=pay',
  });
  expect(paid.statusCode).toBe(303);
  expect(paid.headers.location).toBe('http://localhost:8080/success');
  const [row] = await app.db.select().from(subscriptions).where(and(eq(subscriptions.userId, user.id), eq(subscriptions.planId, planId), eq(subscriptions.status, 'active')));
  expect(row).toBeDefined();
  return row!;
}

/** A new member who bought a plan (1 unless said) through the local checkout. */
export async function subscribed(app: TestApp, locale: Locale = 'en', planId = 1) {
  const user = await createUser(app, { locale });
  const headers = bearer(await signIn(app, user));
  return { user, headers, row: await buyWithLocalCheckout(app, user, headers, planId) };
}
