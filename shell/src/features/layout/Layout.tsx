import { Suspense } from 'react';
import { Outlet } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { Header } from './Header';
import { Footer } from './Footer';
import { BackToTop } from './BackToTop';

export function Layout() {
  const { t } = useTranslation('shell');
  return (
    <div className="flex min-h-screen flex-col bg-white text-slate-900 dark:bg-slate-950 dark:text-slate-100">
      <a href="#main" className="sr-only focus:not-sr-only focus:absolute focus:start-2 focus:top-2 focus:z-50 focus:rounded focus:bg-white focus:p-2 focus:text-slate-900">{t('skipToContent')}</a>
      <Header />
      {/* At least one screen high: the footer starts below the first screen, so a page whose content
          arrives later (a remote, its data) never moves it on screen (layout shift, issue 6). */}
      <main id="main" className="min-h-svh flex-1">
        <Outlet />
      </main>
      {/* Its own boundary: hydrated in a task of its own after the page above (issue 6). */}
      <Suspense>
        <Footer />
      </Suspense>
      <BackToTop />
    </div>
  );
}
