/** `err` codes of the billing answers (the HTTP status is in the status line). */
export const BILLING_ERR = {
  /** 403 from a paywalled call without an active subscription. */
  subscriptionRequired: 'subscription_required',
  /** 409 from create-subscription: an active subscription to the same plan exists. */
  alreadySubscribed: 'already_subscribed',
  /** 502 from create-subscription or a renewal change: the payment provider did not answer. */
  providerFailed: 'payment_provider_failed',
} as const;
