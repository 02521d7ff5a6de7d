import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { ROUTES } from '@scholars/shared-contracts';

/** 403: a signed-in account without the role a console screen needs (the API refuses it too). */
export function Forbidden() {
  const { t } = useTranslation('shell');
  return (
    <section role="alert" className="mx-auto max-w-xl px-4 py-24 text-center" data-testid="forbidden">
      <p className="text-6xl font-bold text-amber-700 dark:text-amber-400">403</p>
      <h1 className="mt-4 text-2xl font-semibold text-slate-900 dark:text-slate-50">{t('console.forbiddenTitle')}</h1>
      <p className="mt-2 text-slate-600 dark:text-slate-300">{t('console.forbiddenBody')}</p>
      <Link to={ROUTES.home} className="mt-6 inline-block rounded-lg bg-emerald-700 px-4 py-2 text-white hover:bg-emerald-800">{t('pages.backHome')}</Link>
    </section>
  );
}
