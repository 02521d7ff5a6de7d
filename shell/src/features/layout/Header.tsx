import { useEffect, useId, useState } from 'react';
import { Link, NavLink, useLocation } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { ROUTES, useSession, selectIsSignedIn } from '@scholars/shared-contracts';
import { LanguageMenu } from '../language/LanguageMenu';
import { ThemeMenu } from '../theme/ThemeMenu';
import { logout } from '../auth/logout';

const linkClass = ({ isActive }: { isActive: boolean }) =>
  `whitespace-nowrap rounded-md px-3 py-2 text-sm font-medium hover:bg-emerald-50 hover:text-emerald-800 dark:hover:bg-slate-800 dark:hover:text-emerald-300 ${
    isActive ? 'text-emerald-700 dark:text-emerald-300' : 'text-slate-700 dark:text-slate-200'
  }`;

function NavLinks() {
  const { t } = useTranslation('shell');
  return (
    <>
      <NavLink to={ROUTES.home} end className={linkClass}>{t('nav.home')}</NavLink>
      <NavLink to={ROUTES.about} className={linkClass}>{t('nav.about')}</NavLink>
      <NavLink to={ROUTES.conferences(1)} className={linkClass}>{t('nav.conferences')}</NavLink>
      <NavLink to={ROUTES.researchExchange} className={linkClass}>{t('nav.researchExchange')}</NavLink>
      <NavLink to={ROUTES.researchCommunity} className={linkClass}>{t('nav.community')}</NavLink>
      <NavLink to={ROUTES.researchLibrary} className={linkClass}>{t('nav.library')}</NavLink>
      <NavLink to={ROUTES.contact} className={linkClass}>{t('nav.contact')}</NavLink>
    </>
  );
}

function AccountActions() {
  const { t } = useTranslation('shell');
  const signedIn = useSession(selectIsSignedIn);
  if (signedIn) {
    return (
      <div className="flex items-center gap-2">
        <Link to={ROUTES.profile} className="rounded-md px-3 py-2 text-sm font-medium text-slate-700 hover:text-emerald-700 dark:text-slate-200">{t('nav.profile')}</Link>
        <button type="button" onClick={() => void logout()} className="rounded-md border border-slate-300 px-3 py-2 text-sm dark:border-slate-600 dark:text-slate-100">{t('nav.logout')}</button>
      </div>
    );
  }
  return (
    <div className="flex items-center gap-2">
      <Link to={ROUTES.login} className="rounded-md px-3 py-2 text-sm font-medium text-emerald-800 hover:bg-emerald-50 dark:text-emerald-300 dark:hover:bg-slate-800">{t('nav.login')}</Link>
      <Link to={ROUTES.register} className="rounded-md bg-emerald-700 px-3 py-2 text-sm font-medium text-white hover:bg-emerald-800">{t('nav.register')}</Link>
    </div>
  );
}

/** Header skeleton (the full menus of spec 2 come with the shell issue). */
export function Header() {
  const { t } = useTranslation('shell');
  const [open, setOpen] = useState(false);
  const location = useLocation();
  const menuId = useId();
  // The mobile menu closes after every navigation (spec 2).
  useEffect(() => setOpen(false), [location.pathname, location.search]);

  return (
    <header className="sticky top-0 z-40 border-b border-slate-200 bg-white/95 backdrop-blur dark:border-slate-800 dark:bg-slate-900/95">
      <div className="mx-auto flex max-w-7xl items-center justify-between gap-4 px-4 py-3">
        <Link to={ROUTES.home} className="text-lg font-bold text-emerald-800 dark:text-emerald-300">{t('brand')}</Link>
        <nav aria-label={t('nav.mainNavigation')} className="hidden items-center gap-1 lg:flex">
          <NavLinks />
        </nav>
        <div className="hidden items-center gap-3 lg:flex">
          <LanguageMenu id="language-desktop" />
          <ThemeMenu id="theme-desktop" />
          <AccountActions />
        </div>
        <button type="button" className="rounded-md border border-slate-300 px-3 py-2 text-sm lg:hidden dark:border-slate-600 dark:text-slate-100" aria-expanded={open} aria-controls={menuId} onClick={() => setOpen((value) => !value)}>
          {open ? t('nav.closeMenu') : t('nav.menu')}
        </button>
      </div>
      {open ? (
        <div id={menuId} className="border-t border-slate-200 px-4 pb-4 lg:hidden dark:border-slate-800">
          <nav aria-label={t('nav.mainNavigation')} className="flex flex-col py-2">
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
