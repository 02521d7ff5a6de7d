/**
 * Billing set-ups shared by the test files: a member who really bought a plan through the local
 * checkout page (the purchase, the buyer's cookie, "pay"), with the row and invoice it made.
 */
import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import type { Locale } from '@scholars/shared-contracts/locale';
import { subscriptions } from '../src/db/schema';
import { bearer, createUser, postJson, signIn, type TestApp } from './helper';

/** A member who bought a plan (1 unless said) through the local checkout page (pressed "pay" in their own browser). */
export async function subscribed(app: TestApp, locale: Locale = 'en', planId = 1) {
  const user = await createUser(app, { locale });
  const headers = bearer(await signIn(app, user));
  const bought = await postJson(app, '/api/stripe/create-subscription', { planId, userId: user.id, active: false }, headers);
  const url = new URL((bought.body.data as { checkout_url: string }).checkout_url);
  const cookie = bought.response.cookies.find((c) => c.name === 'checkout_buyer')!;
  const paid = await app.inject({
    method: 'POST',
    url: url.pathname,
    headers: { 'content-type': 'application/x-www-form-urlencoded', cookie: `${cookie.name}=${cookie.value}` },
    payload: 'action=pay',
  });
  expect(paid.headers.location).toBe('http://localhost:8080/success');
  const [row] = await app.db.select().from(subscriptions).where(eq(subscriptions.userId, user.id));
  expect(row?.status).toBe('active');
  return { user, headers, row: row! };
}

