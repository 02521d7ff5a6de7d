/** Helpers of the research community and chat tests. */
import type { FastifyInstance } from 'fastify';
import { subscriptions } from '../src/db/schema';
import { bearer, createUser, signIn, type CreateUserOverrides, type TestUser } from './helper';

/** An active yearly subscription, as a completed checkout leaves it. */
export async function giveSubscription(app: FastifyInstance, userId: number) {
  const now = Date.now();
  await app.db.insert(subscriptions).values({
    userId,
    planId: 1,
    status: 'active',
    price: 100,
    provider: 'local',
    currentPeriodStart: new Date(now - 60_000),
    currentPeriodEnd: new Date(now + 365 * 24 * 3600 * 1000),
  });
}

export interface Member extends TestUser {
  token: string;
  headers: Record<string, string>;
}

/** A signed-in user (with an active subscription unless `subscribed: false`). */
export async function member(app: FastifyInstance, overrides: CreateUserOverrides & { subscribed?: boolean } = {}): Promise<Member> {
  const { subscribed = true, ...rest } = overrides;
  const user = await createUser(app, rest);
  if (subscribed) await giveSubscription(app, user.id);
  const token = await signIn(app, user);
  return { ...user, token, headers: bearer(token) };
}
