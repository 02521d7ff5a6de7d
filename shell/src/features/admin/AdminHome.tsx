import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { useEffect, useState } from 'react';
import { apiClient, selectUser, useSession } from '@scholars/shared-contracts';
import type { WaitingScreen } from '@scholars/shared-contracts/schemas';
import { consoleEntries } from './console-routes';

type Waiting = Partial<Record<WaitingScreen, number>>;

/**
 * /admin: the console's screens this account may open, each with what it is for and how much waits
 * there for them (`GET admin/waiting`; without it, the cards alone).
 */
export function AdminHome() {
  const { t } = useTranslation('shell');
  const user = useSession(selectUser);
  const entries = consoleEntries(user?.roles ?? []);
  // Not the ui entry's useAsync: importing it here moved it, with what shares its chunk, into the
  // shell's start (the home page's budget); a plain effect does.
  const [waiting, setWaiting] = useState<Waiting>({});
  const userId = user?.id;
  useEffect(() => {
    if (!userId) return;
    const controller = new AbortController();
    // A refusal comes back as an answer without data (spec 7): then no counts.
    apiClient
      .get<{ data?: Waiting }>('admin/waiting', { signal: controller.signal, silent: true, errorToast: false })
      .then((answer) => setWaiting(answer.data.data ?? {}))
      .catch(() => undefined);
    return () => controller.abort();
  }, [userId]);
  const countOf = (name: string) => waiting[name as WaitingScreen] ?? 0;
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
              <span className="flex flex-wrap items-center justify-between gap-2">
                <span className="text-lg font-semibold text-emerald-800 dark:text-emerald-300">{t(`console.screens.${route.name}`, { defaultValue: route.name })}</span>
                {countOf(route.name) > 0 ? (
                  <span data-testid={`admin-waiting-${route.name}`} className="rounded-full bg-amber-100 px-2.5 py-0.5 text-sm font-semibold text-amber-900 dark:bg-amber-900/50 dark:text-amber-100">
                    {t('console.waiting', { count: countOf(route.name) })}
                  </span>
                ) : null}
              </span>
              <span className="mt-1 block text-sm text-slate-600 dark:text-slate-300">{t(`console.descriptions.${route.name}`, { defaultValue: '' })}</span>
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
