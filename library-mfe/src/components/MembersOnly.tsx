import type { ReactNode } from 'react';
import { Link, useLocation } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { loginRedirectPath, selectIsSignedIn, signInState, useSession } from '@scholars/shared-contracts';
import { NAMESPACE } from '../i18n';

/**
 * A members' page of this remote: `children` for a member; for a visitor, the page's title and a
 * request to sign in (back to this page after). The shell's guard sends visitors to the sign-in
 * page before they get here; this covers the remote mounted alone on an integrator's page, where
 * the page's calls would only answer 401 ("could not be loaded") and the form's chunk would load
 * for nothing.
 */
export function MembersOnly({ title, message, testId, children }: { title: string; message: string; testId: string; children: ReactNode }) {
  const { t } = useTranslation(NAMESPACE);
  const location = useLocation();
  const signedIn = useSession(selectIsSignedIn);
  if (signedIn) return children;
  return (
    <section data-testid={testId} className="mx-auto max-w-4xl px-4 py-10">
      <h1 className="mb-6 text-3xl font-bold text-slate-900 dark:text-slate-50">{title}</h1>
      <p data-testid="library-sign-in" className="rounded-xl border border-slate-200 p-6 dark:border-slate-800">
        {message}{' '}
        <Link to={loginRedirectPath(location)} state={signInState(location.state)} className="font-semibold text-emerald-700 underline dark:text-emerald-400">{t('list.signInLink')}</Link>
      </p>
    </section>
  );
}
