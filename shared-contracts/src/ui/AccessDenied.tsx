import { useTranslation } from 'react-i18next';
import { PURCHASE_RETURN_KEY } from '../schemas/constants';

/** Remembers, in this tab, the page a member goes to the plans from: the purchase's success page offers the way back. */
export function rememberPurchaseReturn(path: string): void {
  try {
    sessionStorage.setItem(PURCHASE_RETURN_KEY, path);
  } catch {
    // Storage refused (private mode): the success page offers the home page only.
  }
}

/**
 * Spec 2 and 6: shown where content needs an active subscription: 'subscribe now' (the home page's
 * pricing section, and back here once paid) or, for a visitor, log in and come back here.
 */
export function AccessDenied({ signedIn, returnTo }: { signedIn: boolean; returnTo: string }) {
  const { t } = useTranslation('common');
  return (
    <section data-testid="access-denied" role="alert" className="mx-auto my-10 max-w-xl rounded-2xl border border-amber-300 bg-amber-50 p-8 text-center text-amber-950 dark:border-amber-700 dark:bg-amber-950 dark:text-amber-50">
      <h2 className="text-xl font-bold">{t('accessDenied.title')}</h2>
      <p className="mt-2">{t('accessDenied.message')}</p>
      <div className="mt-6 flex justify-center gap-3">
        <a href="/#pricing" onClick={() => rememberPurchaseReturn(returnTo)} className="rounded-lg bg-emerald-700 px-4 py-2 font-medium text-white hover:bg-emerald-800">{t('accessDenied.subscribe')}</a>
        {signedIn ? null : (
          <a href={`/login?redirect=${encodeURIComponent(returnTo)}`} className="rounded-lg border border-amber-400 px-4 py-2 font-medium">{t('accessDenied.login')}</a>
        )}
      </div>
    </section>
  );
}
