/** Leaves the site for the checkout (Stripe Checkout or the local checkout page). A module of its own so tests can replace it. */
export function goToCheckout(url: string) {
  window.location.assign(url);
}
