import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { ROUTES } from '@scholars/shared-contracts';

export function NotFound() {
  const { t } = useTranslation('shell');
  return (
    <section className="mx-auto max-w-xl px-4 py-24 text-center" data-testid="not-found">
      <p className="text-6xl font-bold text-emerald-700 dark:text-emerald-400">404</p>
      <h1 className="mt-4 text-2xl font-semibold">{t('pages.notFoundTitle')}</h1>
      <p className="mt-2 text-slate-600 dark:text-slate-300">{t('pages.notFoundBody')}</p>
      <Link to={ROUTES.home} className="mt-6 inline-block rounded-lg bg-emerald-700 px-4 py-2 text-white hover:bg-emerald-800">{t('pages.backHome')}</Link>
    </section>
  );
}
