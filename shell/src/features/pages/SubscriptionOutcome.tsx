import { useEffect, useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { apiClient, loginRedirectPath, ROUTES, safeRedirectTarget, selectIsSignedIn, useSession } from '@scholars/shared-contracts';
import { CHECKOUT_CANCELED, PURCHASE_RETURN_KEY } from '@scholars/shared-contracts/constants';

const SUBSCRIPTIONS_TAB = `${ROUTES.profile}?tab=subscriptions`;

/**
 * What /success can say: the member's subscription is active (read from the API, not assumed:
 * a card payment's confirmation can reach us a moment after the buyer is back), still being
 * confirmed, or, to a visitor, nothing of anyone's: sign in to see it.
 */
type Confirmation = 'checking' | 'active' | 'waiting' | 'visitor';

/** Reads `subscriptions/mine` every `everyMs` until one is active; says "waiting" after `waitingAfter` reads, stops after `maxReads`. */
function useSubscriptionConfirmation(enabled: boolean, everyMs: number, waitingAfter = 5, maxReads = 30): Confirmation {
  const signedIn = useSession(selectIsSignedIn);
  // 'checking' on the server and at hydration (no session there); the session is read in the effect.
  const [state, setState] = useState<Confirmation>('checking');
  useEffect(() => {
    if (!enabled) return;
    if (!signedIn) {
      setState('visitor');
      return;
    }
    let reads = 0;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const controller = new AbortController();
    const read = async () => {
      reads += 1;
      try {
        const response = await apiClient.get('subscriptions/mine', { silent: true, errorToast: false, signal: controller.signal });
        const list: unknown = response.status === 200 ? (response.data as { data?: unknown }).data : null;
        if (Array.isArray(list) && list.some((item) => (item as { status?: unknown }).status === 'active')) {
          setState('active');
          return;
        }
      } catch {
        if (controller.signal.aborted) return;
        // Unreadable for now (offline, the API restarting): the next read may answer.
      }
      if (reads >= waitingAfter) setState('waiting');
      if (reads < maxReads) timer = setTimeout(() => void read(), everyMs);
    };
    setState('checking');
    void read();
    return () => {
      controller.abort();
      clearTimeout(timer);
    };
  }, [enabled, signedIn, everyMs, waitingAfter, maxReads]);
  return state;
}

/** The page remembered when the member went to the plans (`rememberPurchaseReturn`), once, if it is this site's. */
function takePurchaseReturn(): string | null {
  try {
    const path = sessionStorage.getItem(PURCHASE_RETURN_KEY);
    sessionStorage.removeItem(PURCHASE_RETURN_KEY);
    return path ? safeRedirectTarget(path, '') || null : null;
  } catch {
    return null;
  }
}

/**
 * /success and /failed (spec 2, 8): the end of the purchase flow. /success says the subscription
 * is active once the API says so (meanwhile "confirming"; a visitor is asked to sign in).
 * `/failed?reason=canceled` is a checkout the buyer left: said as such (nothing charged), without
 * the refused payment's red and its "contact support". After a purchase begun at a locked file or
 * chat, the way back to it first. `confirmEveryMs`: how often /success reads (tests shorten it).
 */
export function SubscriptionOutcome({ outcome, confirmEveryMs = 2000 }: { outcome: 'success' | 'failed'; confirmEveryMs?: number }) {
  const { t } = useTranslation('shell');
  const [params] = useSearchParams();
  const confirmation = useSubscriptionConfirmation(outcome === 'success', confirmEveryMs);
  const ok = outcome === 'success';
  const left = !ok && params.get('reason') === CHECKOUT_CANCELED;
  // Taken once, when paid (a later purchase from the plans alone offers no old page), after the
  // first render: the server-rendered page has no storage, and hydration must find the same markup.
  const [returnTo, setReturnTo] = useState<string | null>(null);
  useEffect(() => {
    const path = ok ? takePurchaseReturn() : null;
    if (path) setReturnTo(path);
  }, [ok]);
  if (ok && confirmation !== 'active') return <Confirming state={confirmation} />;
  const [title, body] = ok ? ['pages.success', 'pages.successBody'] : left ? ['pages.canceled', 'pages.canceledBody'] : ['pages.failed', 'pages.failedBody'];
  return (
    <section className="mx-auto max-w-xl px-4 py-24 text-center" data-testid="shell-page" data-page={outcome}>
      <h1 className={`text-3xl font-bold ${ok ? 'text-emerald-700 dark:text-emerald-400' : left ? 'text-slate-900 dark:text-slate-50' : 'text-red-700 dark:text-red-400'}`}>{t(title)}</h1>
      <p className="mt-4 text-slate-600 dark:text-slate-300">{t(body)}</p>
      <div className="mt-8 flex justify-center gap-3">
        {ok ? (
          returnTo ? (
            <>
              <Link to={returnTo} className="rounded-lg bg-emerald-700 px-4 py-2 text-white" data-testid="purchase-continue">{t('pages.continueWhereYouWere')}</Link>
              <Link to={ROUTES.home} className="rounded-lg border border-slate-300 px-4 py-2 dark:border-slate-600">{t('pages.returnHome')}</Link>
            </>
          ) : (
            <Link to={ROUTES.home} className="rounded-lg bg-emerald-700 px-4 py-2 text-white">{t('pages.returnHome')}</Link>
          )
        ) : (
          <>
            <Link to={`${ROUTES.home}#pricing`} className="rounded-lg bg-emerald-700 px-4 py-2 text-white">{t(left ? 'pages.seePlans' : 'pages.tryAgain')}</Link>
            {left ? null : <Link to={ROUTES.contact} className="rounded-lg border border-slate-300 px-4 py-2 dark:border-slate-600">{t('pages.contactSupport')}</Link>}
          </>
        )}
      </div>
    </section>
  );
}

/** /success until the subscription reads active: confirming, still confirming (with what happens next), or sign in. */
function Confirming({ state }: { state: Exclude<Confirmation, 'active'> }) {
  const { t } = useTranslation('shell');
  const [title, body] =
    state === 'visitor' ? ['pages.successSignIn', 'pages.successSignInBody'] : state === 'waiting' ? ['pages.successWaiting', 'pages.successWaitingBody'] : ['pages.successChecking', 'pages.successCheckingBody'];
  return (
    <section className="mx-auto max-w-xl px-4 py-24 text-center" data-testid="shell-page" data-page="success" data-confirmation={state}>
      <div role="status">
        <h1 className="text-3xl font-bold text-slate-900 dark:text-slate-50">{t(title)}</h1>
        <p className="mt-4 text-slate-600 dark:text-slate-300">{t(body)}</p>
      </div>
      {state === 'checking' ? null : (
        <div className="mt-8 flex justify-center gap-3">
          <Link to={state === 'visitor' ? loginRedirectPath(SUBSCRIPTIONS_TAB) : SUBSCRIPTIONS_TAB} className="rounded-lg bg-emerald-700 px-4 py-2 text-white" data-testid="success-next">
            {t(state === 'visitor' ? 'pages.login' : 'pages.yourSubscriptions')}
          </Link>
        </div>
      )}
    </section>
  );
}
