import { useEffect, useId, useState, type ReactNode } from 'react';
import { Link, NavLink, useLocation } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { ROUTES, selectIsSignedIn, useLocale, useSession } from '@scholars/shared-contracts';
import type { ConferenceCategory } from '@scholars/shared-contracts/schemas';
import { LanguageMenu } from '../language/LanguageMenu';
import { ThemeMenu } from '../theme/ThemeMenu';
import { logout } from '../auth/logout';
import { usePublicData } from '../../lib/use-public-data';
import { PUBLIC_READS } from '../../lib/public-data';
import { DisclosureMenu, menuItemClass } from './DisclosureMenu';
import { useHydrated } from '@scholars/shared-contracts/ui';
import { localizedField } from '@scholars/shared-contracts/locale';

// Compact enough that the brand, the six entries and the account actions fit one line at 1280 px.
const linkClass = ({ isActive }: { isActive: boolean }) =>
  `whitespace-nowrap rounded-md px-1.5 py-2 text-sm font-medium hover:bg-emerald-50 hover:text-emerald-800 dark:hover:bg-slate-800 dark:hover:text-emerald-300 ${
    isActive ? 'text-emerald-700 dark:text-emerald-300' : 'text-slate-700 dark:text-slate-200'
  }`;

function ConferencesMenu() {
  const { t } = useTranslation('shell');
  const { locale } = useLocale();
  const categories = usePublicData<ConferenceCategory[]>(PUBLIC_READS.categories);
  return (
    <DisclosureMenu label={t('nav.conferences')} testId="nav-conferences-menu">
      {categories.status === 'ready'
        ? categories.data.map((category) => (
            <li key={category.id}>
              <Link className={menuItemClass} to={ROUTES.conferences(category.id)}>
                {localizedField(category, 'name', locale)}
              </Link>
            </li>
          ))
        : null}
      <li className="border-t border-slate-100 dark:border-slate-800">
        <Link className={menuItemClass} to={ROUTES.requestConference}>{t('nav.requestConference')}</Link>
      </li>
    </DisclosureMenu>
  );
}

function NavLinks() {
  const { t } = useTranslation('shell');
  return (
    <>
      <DisclosureMenu label={t('nav.home')} testId="nav-home-menu">
        <li><Link className={menuItemClass} to={ROUTES.home}>{t('nav.home')}</Link></li>
        <li><Link className={menuItemClass} to={ROUTES.about}>{t('nav.about')}</Link></li>
        <li><Link className={menuItemClass} to={ROUTES.contact}>{t('nav.contact')}</Link></li>
      </DisclosureMenu>
      <ConferencesMenu />
      <NavLink to={ROUTES.researchExchange} className={linkClass}>{t('nav.researchExchange')}</NavLink>
      <NavLink to={ROUTES.researchCommunity} className={linkClass}>{t('nav.community')}</NavLink>
      <NavLink to={ROUTES.researchLibrary} className={linkClass}>{t('nav.library')}</NavLink>
      <NavLink to={ROUTES.consultations} className={linkClass} data-testid="nav-consultations">{t('nav.consultations')}</NavLink>
    </>
  );
}

/** A signed-in member's link: its label, or (`compact`) its icon named by the label for screen readers. */
function AccountLink({ to, label, compact, children: icon }: { to: string; label: string; compact: boolean; children: ReactNode }) {
  return compact ? (
    <Link to={to} aria-label={label} title={label} className="rounded-md border border-slate-300 px-2 py-2 text-slate-700 hover:text-emerald-700 dark:border-slate-600 dark:text-slate-100">
      {icon}
    </Link>
  ) : (
    <Link to={to} className="whitespace-nowrap rounded-md px-3 py-2 text-sm font-medium text-slate-700 hover:text-emerald-700 dark:text-slate-200">{label}</Link>
  );
}

/**
 * Signed in: the console (staff), the profile and log out; else log in and register. `compact`
 * (the one-line header): the console and the profile as icons named for screen readers, so the
 * line holds at 1280 px with a staff member's three actions.
 */
function AccountActions({ compact = false }: { compact?: boolean }) {
  const { t } = useTranslation('shell');
  const signedIn = useSession(selectIsSignedIn);
  // Staff (any role) see the operator console's link; the session check keeps the roles current.
  const staff = useSession((state) => !!state.user?.roles?.length);
  // Whether someone is signed in is known in the browser only: the prerendered page (and its
  // hydration) keeps the place of the buttons without showing either state.
  const hydrated = useHydrated();
  if (signedIn && hydrated) {
    return (
      <div className="flex items-center gap-2">
        {staff ? (
          <AccountLink to={ROUTES.admin} label={t('nav.console')} compact={compact}>
            {/* The console: a dashboard's panels. */}
            <svg aria-hidden="true" viewBox="0 0 24 24" className="size-5" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round"><rect x="3" y="3" width="7" height="9" rx="1" /><rect x="14" y="3" width="7" height="5" rx="1" /><rect x="14" y="12" width="7" height="9" rx="1" /><rect x="3" y="16" width="7" height="5" rx="1" /></svg>
          </AccountLink>
        ) : null}
        <AccountLink to={ROUTES.profile} label={t('nav.profile')} compact={compact}>
          {/* The profile: a person. */}
          <svg aria-hidden="true" viewBox="0 0 24 24" className="size-5" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round"><circle cx="12" cy="8" r="4" /><path d="M4 21a8 8 0 0 1 16 0" /></svg>
        </AccountLink>
        <button type="button" onClick={() => void logout()} aria-label={t('nav.logout')} title={t('nav.logout')} className="rounded-md border border-slate-300 px-2 py-2 text-sm dark:border-slate-600 dark:text-slate-100">
          {/* Log out: the door at the reading start, the arrow leaving it towards the end (mirrored in Arabic). */}
          <svg aria-hidden="true" data-testid="logout-icon" data-icon="log-out" viewBox="0 0 24 24" className="size-5 rtl:-scale-x-100" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round"><path d="M9 21H5a2 2 0 0 1-2-2V5a2 2 0 0 1 2-2h4M16 17l5-5-5-5M21 12H9" /></svg>
        </button>
      </div>
    );
  }
  return (
    <div className={`flex items-center gap-2 ${hydrated ? '' : 'invisible'}`}>
      <Link to={ROUTES.login} className="whitespace-nowrap rounded-md px-2 py-2 text-sm font-medium text-emerald-800 hover:bg-emerald-50 dark:text-emerald-300 dark:hover:bg-slate-800">{t('nav.login')}</Link>
      <Link to={ROUTES.register} className="whitespace-nowrap rounded-md bg-emerald-700 px-3 py-2 text-sm font-medium text-white hover:bg-emerald-800">{t('nav.register')}</Link>
    </div>
  );
}

/**
 * Spec 2 header; below 1280 px (where the brand, the six entries and the account actions no longer
 * fit one line) a menu, which closes after every navigation.
 */
export function Header() {
  const { t } = useTranslation('shell');
  const [open, setOpen] = useState(false);
  const location = useLocation();
  const menuId = useId();
  useEffect(() => setOpen(false), [location.key]);

  return (
    <header className="sticky top-0 z-40 border-b border-slate-200 bg-white/95 backdrop-blur dark:border-slate-800 dark:bg-slate-900/95">
      <div className="mx-auto flex max-w-7xl items-center justify-between gap-3 px-4 py-3">
        <Link to={ROUTES.home} className="whitespace-nowrap text-lg font-bold text-emerald-800 dark:text-emerald-300">{t('brand')}</Link>
        <nav aria-label={t('nav.mainNavigation')} className="hidden items-center xl:flex">
          <NavLinks />
        </nav>
        <div className="hidden items-center gap-2 xl:flex">
          <LanguageMenu id="language-desktop" />
          <ThemeMenu id="theme-desktop" />
          <AccountActions compact />
        </div>
        <button type="button" className="rounded-md border border-slate-300 px-3 py-2 text-sm xl:hidden dark:border-slate-600 dark:text-slate-100" aria-expanded={open} aria-controls={menuId} onClick={() => setOpen((value) => !value)}>
          {open ? t('nav.closeMenu') : t('nav.menu')}
        </button>
      </div>
      {open ? (
        <div id={menuId} className="border-t border-slate-200 px-4 pb-4 xl:hidden dark:border-slate-800">
          <nav aria-label={t('nav.mainNavigation')} className="flex flex-col items-start py-2">
            <NavLinks />
          </nav>
          <div className="flex flex-wrap items-center gap-3">
            <LanguageMenu id="language-mobile" />
            <ThemeMenu id="theme-mobile" />
            <AccountActions />
          </div>
        </div>
      ) : null}
    </header>
  );
}
