import { Link, useSearchParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { ROUTES } from '@scholars/shared-contracts';
import { CHECKOUT_CANCELED } from '@scholars/shared-contracts/constants';

/**
 * /success and /failed (spec 2, 8): the end of the purchase flow. `/failed?reason=canceled` is a
 * checkout the buyer left: said as such (nothing charged), without the refused payment's red and
 * its "contact support".
 */
export function SubscriptionOutcome({ outcome }: { outcome: 'success' | 'failed' }) {
  const { t } = useTranslation('shell');
  const [params] = useSearchParams();
  const ok = outcome === 'success';
  const left = !ok && params.get('reason') === CHECKOUT_CANCELED;
  const [title, body] = ok ? ['pages.success', 'pages.successBody'] : left ? ['pages.canceled', 'pages.canceledBody'] : ['pages.failed', 'pages.failedBody'];
  return (
    <section className="mx-auto max-w-xl px-4 py-24 text-center" data-testid="shell-page" data-page={outcome}>
      <h1 className={`text-3xl font-bold ${ok ? 'text-emerald-700 dark:text-emerald-400' : left ? 'text-slate-900 dark:text-slate-50' : 'text-red-700 dark:text-red-400'}`}>{t(title)}</h1>
      <p className="mt-4 text-slate-600 dark:text-slate-300">{t(body)}</p>
      <div className="mt-8 flex justify-center gap-3">
        {ok ? (
          <Link to={ROUTES.home} className="rounded-lg bg-emerald-700 px-4 py-2 text-white">{t('pages.returnHome')}</Link>
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
