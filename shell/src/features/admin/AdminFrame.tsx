import { useEffect, useState, type ReactNode } from 'react';
import { Link, NavLink, useLocation } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { apiClient, envelopeData, isDataObject, selectUser, tokenStore, useSession, type SessionUser } from '@scholars/shared-contracts';
import { consoleEntries, mayOpen } from './console-routes';
import { Forbidden } from './Forbidden';

export { AdminHome } from './AdminHome';

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
export function AdminFrame({ children }: { children: ReactNode }) {
  const { t } = useTranslation('shell');
  const { pathname } = useLocation();
  const user = useSession(selectUser);
  const roles = user?.roles ?? [];
  // Below the large breakpoint the menu folds behind one button (some staff have some twenty screens:
  // a wall of links above every screen on a phone). It is open on the screen it was opened on only,
  // so it folds again when another screen opens.
  const [openOn, setOpenOn] = useState<string | null>(null);
  const menuOpen = openOn === pathname;
  // The account is read again at each screen (the shell's session check reads it once per load):
  // a role granted or revoked meanwhile opens or closes the screens, and the header's link, now.
  useEffect(() => {
    let live = true;
    apiClient
      .get('auth/me', { silent: true, errorToast: false })
      .then((response) => {
        const fresh = envelopeData<SessionUser>(response.data, isDataObject, 'auth/me');
        if (live) tokenStore.getState().setUser(fresh);
      })
      .catch((error: unknown) => console.warn('Could not check the session', error));
    return () => {
      live = false;
    };
  }, [pathname]);
  if (!mayOpen(pathname, roles)) return <Forbidden />;
  const entries = consoleEntries(roles);
  // The screen a path is on: the longest entry it is at or under (a sub-screen such as
  // /admin/newsletter/subscribers is not also its parent /admin/newsletter).
  const current = entries
    .filter((route) => pathname === route.pattern || pathname.startsWith(`${route.pattern}/`))
    .reduce<(typeof entries)[number] | undefined>((longest, route) => (!longest || route.pattern.length > longest.pattern.length ? route : longest), undefined);
  return (
    <div className="mx-auto flex max-w-7xl flex-col gap-6 px-4 py-8 lg:flex-row" data-testid="admin-frame">
      <nav aria-label={t('console.navigation')} className="shrink-0 lg:w-56" data-testid="admin-nav">
        <p className="mb-2 hidden px-3 text-xs font-semibold uppercase tracking-wide text-slate-500 lg:block dark:text-slate-400">{t('console.title')}</p>
        <button
          type="button"
          className="flex w-full items-center justify-between gap-3 rounded-lg border border-slate-300 px-3 py-2 text-start text-sm font-semibold text-slate-800 lg:hidden dark:border-slate-700 dark:text-slate-100"
          aria-expanded={menuOpen}
          aria-controls="admin-nav-list"
          data-testid="admin-nav-toggle"
          onClick={() => setOpenOn(menuOpen ? null : pathname)}
        >
          <span>
            {t('console.title')}
            {current ? <span className="font-normal text-slate-600 dark:text-slate-300"> · {t(`console.screens.${current.name}`, { defaultValue: current.name })}</span> : null}
          </span>
          <span aria-hidden="true">{menuOpen ? '▴' : '▾'}</span>
        </button>
        <ul id="admin-nav-list" className={`${menuOpen ? 'flex' : 'hidden'} mt-2 flex-col gap-1 lg:mt-0 lg:flex`}>
          <li>
            <NavLink end to="/admin" className={navClass}>{t('console.home')}</NavLink>
          </li>
          {entries.map((route) => (
            <li key={route.name}>
              <Link
                to={route.pattern}
                className={navClass({ isActive: route === current })}
                aria-current={route === current ? 'page' : undefined}
                data-testid={`admin-nav-${route.name}`}
              >
                {t(`console.screens.${route.name}`, { defaultValue: route.name })}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      {/* The page's <main> is the layout's: the console's screen is a part of it. */}
      <div className="min-w-0 flex-1">
        {children}
      </div>
    </div>
  );
}
