/**
 * A plan's price on Stripe (decisions.md, "Payments"). A Stripe Price cannot change its amount, and
 * a subscription renews at the Price it was bought with: a new plan price is a new Price, on the
 * product of the plan's current Price (or a new product named after the plan when it has none),
 * stored as the plan's `stripe_price_id` for new purchases. The old Price is left as it is, so
 * existing subscriptions keep renewing at the price they were bought at.
 */
import type Stripe from 'stripe';

export interface PricedPlan {
  id: number;
  name: string;
  nameEn: string;
  currency: string;
  interval: string;
  version: number;
  stripePriceId: string | null;
}

/** Creates the Price of `price` (in the plan's currency, per its interval) and answers its id. */
export async function createPlanPrice(stripe: Stripe, plan: PricedPlan, price: number): Promise<string> {
  let product: string | undefined;
  if (plan.stripePriceId) {
    const current = await stripe.prices.retrieve(plan.stripePriceId);
    product = typeof current.product === 'string' ? current.product : current.product.id;
  }
  const cents = Math.round(price * 100);
  const metadata = { plan_id: String(plan.id) };
  const created = await stripe.prices.create(
    {
      currency: plan.currency.toLowerCase(),
      unit_amount: cents,
      recurring: { interval: plan.interval === 'month' ? 'month' : 'year' },
      metadata,
      ...(product ? { product } : { product_data: { name: plan.nameEn || plan.name || `Plan ${plan.id}`, metadata } }),
    },
    // A repeated save of the same edit (same version, same amount) gets the same Price back.
    { idempotencyKey: `scholars-plan-${plan.id}-v${plan.version}-${cents}` },
  );
  return created.id;
}
