import { useEffect, useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { ROUTES, safeRedirectTarget } from '@scholars/shared-contracts';
import { CHECKOUT_CANCELED, PURCHASE_RETURN_KEY } from '@scholars/shared-contracts/constants';

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
 * /success and /failed (spec 2, 8): the end of the purchase flow. `/failed?reason=canceled` is a
 * checkout the buyer left: said as such (nothing charged), without the refused payment's red and
 * its "contact support". After a purchase begun at a locked file or chat, the way back to it first.
 */
export function SubscriptionOutcome({ outcome }: { outcome: 'success' | 'failed' }) {
  const { t } = useTranslation('shell');
  const [params] = useSearchParams();
  const ok = outcome === 'success';
  const left = !ok && params.get('reason') === CHECKOUT_CANCELED;
  // Taken once, when paid (a later purchase from the plans alone offers no old page), after the
  // first render: the server-rendered page has no storage, and hydration must find the same markup.
  const [returnTo, setReturnTo] = useState<string | null>(null);
  useEffect(() => {
    const path = ok ? takePurchaseReturn() : null;
    if (path) setReturnTo(path);
  }, [ok]);
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
