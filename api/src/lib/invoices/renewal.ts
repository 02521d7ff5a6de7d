/**
 * What a receipt (the e-mail and the PDF) says about the next charge (decisions.md "Subscriptions:
 * renewal"): the next billing date only while the subscription renews; once its renewal is off, the
 * day it ends and no next charge. Said only on the receipt of the subscription's current period: a
 * receipt of an earlier year names no date of a later one.
 */
export type RenewalNote = { renews: true; nextBillingDate: Date } | { renews: false; endsOn: Date } | null;

export interface RenewalSubject {
  status: string;
  currentPeriodEnd: Date | null;
  cancelAtPeriodEnd: boolean;
  endedAt: Date | null;
}

export function renewalNote(invoice: { periodEnd: Date | null }, subscription: RenewalSubject | null | undefined, now = new Date()): RenewalNote {
  if (!subscription || !invoice.periodEnd || !subscription.currentPeriodEnd) return null;
  // Ended by the provider, never paid, or over: nothing is coming.
  if (subscription.endedAt || subscription.status !== 'active' || subscription.currentPeriodEnd <= now) return null;
  // A receipt of an earlier period.
  if (invoice.periodEnd.getTime() < subscription.currentPeriodEnd.getTime()) return null;
  return subscription.cancelAtPeriodEnd
    ? { renews: false, endsOn: subscription.currentPeriodEnd }
    : { renews: true, nextBillingDate: subscription.currentPeriodEnd };
}
