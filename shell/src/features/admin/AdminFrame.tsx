import { NavLink, Outlet, useLocation } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { consoleRoutesFor, matchRoute, routeAllows, selectUser, useSession } from '@scholars/shared-contracts';
import { Forbidden } from './Forbidden';

const navClass = ({ isActive }: { isActive: boolean }) =>
  `block whitespace-nowrap rounded-lg px-3 py-2 text-sm font-medium ${
    isActive
      ? 'bg-emerald-100 text-emerald-900 dark:bg-emerald-900/50 dark:text-emerald-100'
      : 'text-slate-700 hover:bg-slate-100 dark:text-slate-200 dark:hover:bg-slate-800'
  }`;

/**
 * The operator console's frame (/admin and its screens; lazy, with the shell's late pages): the
 * role guard of the route table (a signed-in user without one of the route's roles sees the 403
 * page; the visitor was already sent to sign in by the route guard around it) and a menu of the
 * screens this account's roles allow. The screens themselves come from the remotes that own them:
 * a remote that is down breaks only its own screens (RemoteArea).
 */
export function AdminFrame() {
  const { t } = useTranslation('shell');
  const { pathname } = useLocation();
  const user = useSession(selectUser);
  const roles = user?.roles ?? [];
  if (!routeAllows(matchRoute(pathname), roles)) return <Forbidden />;
  const entries = consoleRoutesFor(roles);
  return (
    <div className="mx-auto flex max-w-7xl flex-col gap-6 px-4 py-8 lg:flex-row" data-testid="admin-frame">
      <nav aria-label={t('console.navigation')} className="shrink-0 lg:w-56" data-testid="admin-nav">
        <p className="mb-2 px-3 text-xs font-semibold uppercase tracking-wide text-slate-500 dark:text-slate-400">{t('console.title')}</p>
        <ul className="flex flex-wrap gap-1 lg:flex-col">
          <li>
            <NavLink end to="/admin" className={navClass}>{t('console.home')}</NavLink>
          </li>
          {entries.map((route) => (
            <li key={route.name}>
              <NavLink to={route.pattern} className={navClass} data-testid={`admin-nav-${route.name}`}>
                {t(`console.screens.${route.name}`, { defaultValue: route.name })}
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
      <main className="min-w-0 flex-1">
        <Outlet />
      </main>
    </div>
  );
}
