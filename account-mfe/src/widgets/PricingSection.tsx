import { lazy, Suspense, useState } from 'react';
import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { HOME_ANCHORS, ROUTES, isApiError, loginRedirectPath, selectIsSignedIn, useLocale, useSession } from '@scholars/shared-contracts';
import type { SubscriptionPlan } from '@scholars/shared-contracts/schemas';
import { useAsync } from '@scholars/shared-contracts/ui';
import { NAMESPACE } from '../i18n';
import { fetchPlans } from '../api/plans';
import { pickLocalized, formatAmount, formatDate, formatNumber } from '@scholars/shared-contracts/locale';
import { goToCheckout } from '../lib/navigate';
import type { HeldPlan } from './current-plans';

// The dialog shows only after a purchase's answer: it is fetched then, not with the home page's widget.
const ConfirmDialog = lazy(() => import('@scholars/shared-contracts/ui/dialog').then((module) => ({ default: module.ConfirmDialog })));

/** Where the visitor's button leads: sign in, then back to this section (decisions.md). */
export const PRICING_LOGIN_PATH = loginRedirectPath(`/#${HOME_ANCHORS.pricing}`);
/** "The dashboard" of spec 6 is the profile's subscriptions tab (decisions.md). */
export const SUBSCRIPTIONS_PATH = `${ROUTES.profile}?tab=subscriptions`;

type Purchase =
  | { kind: 'idle' }
  | { kind: 'processing'; planId: number }
  | { kind: 'confirm'; planId: number }
  | { kind: 'error'; message: string; alreadyActive: boolean };

function PlanCard({
  plan,
  signedIn,
  current,
  purchase,
  onBuy,
}: {
  plan: SubscriptionPlan;
  signedIn: boolean;
  /**
   * The member holds this plan (paid until this date, or null, at their price): the card says so,
   * with their own price when the plan's has changed since, and offers the subscriptions tab
   * instead of buying it again.
   */
  current?: HeldPlan;
  purchase: Purchase;
  onBuy: (plan: SubscriptionPlan) => void;
}) {
  const { t } = useTranslation(NAMESPACE);
  const { locale } = useLocale();
  const busy = purchase.kind === 'processing' || purchase.kind === 'confirm';
  const mine = busy && purchase.planId === plan.id;
  const button = 'mt-auto inline-flex w-full items-center justify-center rounded-lg px-4 py-3 font-semibold transition disabled:cursor-not-allowed disabled:opacity-70';
  return (
    <article
      data-testid="plan-card"
      data-plan-id={plan.id}
      data-current={current ? 'true' : undefined}
      className={`flex h-full flex-col gap-5 rounded-2xl border bg-white p-6 shadow-sm dark:bg-slate-900 ${current ? 'border-2 border-emerald-700 dark:border-emerald-400' : 'border-slate-200 dark:border-slate-800'}`}
    >
      {current ? (
        <p className="-mb-2 flex flex-wrap items-center gap-x-3 gap-y-1 text-sm" data-testid="plan-current">
          <span className="rounded-full bg-emerald-100 px-2.5 py-0.5 font-semibold text-emerald-900 dark:bg-emerald-900/60 dark:text-emerald-100">{t('pricing.yourPlan')}</span>
          {current.until ? (
            <span className="text-slate-600 dark:text-slate-300" data-testid="plan-current-until">{t('pricing.activeUntil', { date: formatDate(current.until, locale) })}</span>
          ) : null}
        </p>
      ) : null}
      <h3 className="text-xl font-bold text-slate-900 dark:text-slate-50">{pickLocalized(locale, plan.name, plan.name_en)}</h3>
      <p className="flex items-baseline gap-2 text-slate-900 dark:text-slate-50" data-testid="plan-price">
        <span className="text-3xl font-extrabold">{t('pricing.price', { amount: formatAmount(plan.price) })}</span>
        <span className="text-sm text-slate-500 dark:text-slate-400">{t('pricing.perYear')}</span>
      </p>
      {current && current.price !== plan.price ? (
        <p className="-mt-3 text-sm text-slate-600 dark:text-slate-300" data-testid="plan-current-price">{t('pricing.youPay', { amount: t('pricing.price', { amount: formatAmount(current.price) }) })}</p>
      ) : null}
      <div>
        <h4 className="sr-only">{t('pricing.features')}</h4>
        <ul className="space-y-2 text-sm text-slate-700 dark:text-slate-200">
          {plan.consultation_sessions > 0 ? (
            <li className="flex gap-2 font-semibold" data-testid="plan-consultations">
              <svg aria-hidden="true" viewBox="0 0 20 20" className="mt-0.5 size-4 shrink-0 text-emerald-600 dark:text-emerald-400" fill="currentColor">
                <path d="M7.6 13.2 4.4 10l-1.1 1.1 4.3 4.3 9-9-1.1-1.1z" />
              </svg>
              <span>{t('pricingConsultations.sessions', { count: plan.consultation_sessions, number: formatNumber(plan.consultation_sessions, locale) })}</span>
            </li>
          ) : null}
          {plan.subscription_plan_features.map((feature) => (
            <li key={feature.id} className="flex gap-2">
              <svg aria-hidden="true" viewBox="0 0 20 20" className="mt-0.5 size-4 shrink-0 text-emerald-600 dark:text-emerald-400" fill="currentColor">
                <path d="M7.6 13.2 4.4 10l-1.1 1.1 4.3 4.3 9-9-1.1-1.1z" />
              </svg>
              <span>{pickLocalized(locale, feature.feature, feature.feature_en)}</span>
            </li>
          ))}
        </ul>
      </div>
      {signedIn && current ? (
        <Link to={SUBSCRIPTIONS_PATH} data-testid="plan-manage" className={`${button} border border-emerald-700 text-emerald-800 hover:bg-emerald-50 dark:border-emerald-500 dark:text-emerald-300 dark:hover:bg-emerald-950`}>
          {t('pricing.manage')}
        </Link>
      ) : signedIn ? (
        <button
          type="button"
          data-testid="plan-buy"
          disabled={busy}
          aria-busy={mine || undefined}
          onClick={() => onBuy(plan)}
          className={`${button} bg-emerald-700 text-white hover:bg-emerald-800`}
        >
          {mine ? t('pricing.processing') : t('pricing.purchaseNow')}
        </button>
      ) : (
        <Link to={PRICING_LOGIN_PATH} data-testid="plan-buy" className={`${button} border border-emerald-700 text-emerald-800 hover:bg-emerald-50 dark:border-emerald-500 dark:text-emerald-300 dark:hover:bg-emerald-950`}>
          {t('pricing.signInToPurchase')}
        </Link>
      )}
    </article>
  );
}

/**
 * The home page's pricing section (spec 2, 4, 8; decisions.md): yearly AED plans; a visitor's
 * button leads to sign-in and back here; a signed-in user creates the subscription (active:
 * false), confirms buying beside an active subscription (the request repeats with active: true)
 * and goes to the returned checkout address.
 */
export function PricingSection() {
  const { t } = useTranslation(NAMESPACE);
  const { t: common } = useTranslation('common');
  const signedIn = useSession(selectIsSignedIn);
  const userId = useSession((state) => state.userId ?? (state.user ? String(state.user.id) : null));
  const plans = useAsync((signal) => fetchPlans(signal), []);
  // The member's plans, to mark them (their call and dates are a chunk of their own). Not known
  // (a failure, a visitor): every card offers to buy, as before.
  const held = useAsync((signal) => (signedIn ? import('./current-plans').then(({ loadHeldPlans }) => loadHeldPlans(signal)) : Promise.resolve(null)), [signedIn, userId]);
  const currentOf = (planId: number) => held.data?.get(planId);
  const [purchase, setPurchase] = useState<Purchase>({ kind: 'idle' });

  const fail = (error: unknown) => {
    const alreadyActive = isApiError(error) && error.err === 'already_subscribed';
    const message = isApiError(error) ? (error.msg ?? common('subscription.createFailed')) : error instanceof Error && error.message ? error.message : common('subscription.createFailed');
    setPurchase({ kind: 'error', message: alreadyActive ? common('subscription.alreadyActive') : message, alreadyActive });
  };

  const request = async (planId: number, active: boolean) => {
    if (!userId) return;
    setPurchase({ kind: 'processing', planId });
    try {
      // The purchase call loads on the first click, not with the home page.
      const { createSubscription } = await import('../api/subscriptions');
      const answer = await createSubscription(planId, userId, active);
      if (!active && answer.active && !answer.data?.checkout_url) {
        setPurchase({ kind: 'confirm', planId });
        return;
      }
      const url = answer.data?.checkout_url;
      if (!url) throw new Error(common('subscription.checkoutUrlMissing'));
      goToCheckout(url);
    } catch (error) {
      fail(error);
    }
  };

  return (
    <div className="bg-slate-50 dark:bg-slate-950" data-testid="pricing-section">
      <div className="mx-auto max-w-6xl px-4 py-16">
        <header className="mx-auto max-w-2xl text-center">
          <h2 className="text-3xl font-bold text-slate-900 dark:text-slate-50">{t('pricing.title')}</h2>
          <p className="mt-3 text-slate-600 dark:text-slate-300">{t('pricing.subtitle')}</p>
        </header>

        {purchase.kind === 'error' ? (
          <div role="alert" data-testid="pricing-purchase-error" className="mx-auto mt-8 max-w-2xl rounded-xl border border-red-200 bg-red-50 p-4 text-red-900 dark:border-red-900 dark:bg-red-950 dark:text-red-100">
            <p>{purchase.message}</p>
            {purchase.alreadyActive ? (
              <Link to={SUBSCRIPTIONS_PATH} className="mt-2 inline-block font-semibold underline">{t('pricing.manage')}</Link>
            ) : null}
          </div>
        ) : null}

        <div className="mt-10">
          {plans.status === 'failed' ? (
            <div role="alert" data-testid="pricing-error" className="mx-auto max-w-xl rounded-xl border border-red-200 bg-red-50 p-6 text-center text-red-900 dark:border-red-900 dark:bg-red-950 dark:text-red-100">
              <p>{common('subscription.pricingFetchFailed')}</p>
              <button type="button" data-testid="pricing-retry" onClick={plans.reload} className="mt-4 rounded-lg bg-red-700 px-4 py-2 font-semibold text-white hover:bg-red-800">
                {t('pricing.retry')}
              </button>
            </div>
          ) : !plans.data ? (
            <p role="status" aria-live="polite" className="text-center text-slate-500 dark:text-slate-400">{t('pricing.loading')}</p>
          ) : plans.data.length === 0 ? (
            <p className="text-center text-slate-500 dark:text-slate-400">{t('pricing.empty')}</p>
          ) : (
            <div className="grid gap-6 md:grid-cols-2 lg:grid-cols-3">
              {plans.data.map((plan) => (
                <PlanCard key={plan.id} plan={plan} signedIn={signedIn} current={currentOf(plan.id)} purchase={purchase} onBuy={(chosen) => void request(chosen.id, false)} />
              ))}
            </div>
          )}
        </div>

        {purchase.kind === 'confirm' ? (
          <Suspense>
            <ConfirmDialog
              testId="pricing-confirm"
              title={t('pricing.confirmTitle')}
              body={t('pricing.confirmBody')}
              confirmLabel={t('pricing.confirmContinue')}
              cancelLabel={t('pricing.confirmCancel')}
              onConfirm={() => void request(purchase.planId, true)}
              onCancel={() => setPurchase({ kind: 'idle' })}
            />
          </Suspense>
        ) : null}
      </div>
    </div>
  );
}
