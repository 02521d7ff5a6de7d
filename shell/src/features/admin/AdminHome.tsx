import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { consoleRoutesFor, selectUser, useSession } from '@scholars/shared-contracts';

/** /admin: the console's screens this account may open, each with what it is for. */
export function AdminHome() {
  const { t } = useTranslation('shell');
  const user = useSession(selectUser);
  const entries = consoleRoutesFor(user?.roles ?? []);
  return (
    <section data-testid="admin-home">
      <h1 className="text-3xl font-bold text-slate-900 dark:text-slate-50">{t('console.title')}</h1>
      <p className="mt-2 text-slate-600 dark:text-slate-300">{t('console.intro', { name: user?.name ?? '' })}</p>
      <ul className="mt-8 grid gap-4 sm:grid-cols-2">
        {entries.map((route) => (
          <li key={route.name}>
            <Link
              to={route.pattern}
              data-testid={`admin-entry-${route.name}`}
              className="block h-full rounded-xl border border-slate-200 p-5 hover:border-emerald-600 hover:bg-emerald-50 dark:border-slate-700 dark:hover:border-emerald-500 dark:hover:bg-slate-800"
            >
              <span className="text-lg font-semibold text-emerald-800 dark:text-emerald-300">{t(`console.screens.${route.name}`, { defaultValue: route.name })}</span>
              <span className="mt-1 block text-sm text-slate-600 dark:text-slate-300">{t(`console.descriptions.${route.name}`, { defaultValue: '' })}</span>
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
