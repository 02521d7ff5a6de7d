import { useEffect, useRef, useState } from 'react';
import { BrowserRouter, Route, Routes, useLocation, useNavigate } from 'react-router-dom';
import { ROUTE_TABLE, clearPreloadedData, eventBus, matchRoute, useLocale, type RouteOwner } from '@scholars/shared-contracts';
import { documentTitle } from '../lib/document-title';
import { SITE_NAME } from '@scholars/shared-contracts/locale';
import { Layout } from '../features/layout/Layout';
import { Toaster } from '../features/toasts/Toaster';
import { LoadingOverlay } from '../features/loading/LoadingOverlay';
import { RemoteArea } from './remote/RemoteArea';
import { RouteGuard } from './guards';
import { ScrollToTop } from './ScrollToTop';
import { CatchUpMissedNavigation } from './CatchUpMissedNavigation';
import { AdminFrame, shellPages } from './shell-pages';
import { SessionCheck } from '../features/auth/SessionCheck';
import { setServerRenderedArea } from './remote/server-rendered';

/** Remotes and the API client ask for navigation on the bus; the shell owns the history. */
function NavigationBridge() {
  const navigate = useNavigate();
  useEffect(() => eventBus.on('navigate', ({ to, replace }) => navigate(to, { replace })), [navigate]);
  return null;
}

/**
 * A server-rendered page's data describes that page as it was served: from the first navigation on,
 * pages load their own (a later visit of the same page must not show the served copy).
 */
function ForgetServerRender() {
  const { pathname, search } = useLocation();
  const served = useRef(`${pathname}${search}`);
  useEffect(() => {
    if (served.current === `${pathname}${search}`) return;
    served.current = '';
    setServerRenderedArea(null);
    clearPreloadedData();
  }, [pathname, search]);
  return null;
}

/**
 * The shell owns `<title>` (lib/page-title.ts): the name the current page gave itself on the bus
 * (`page-title`, remote pages), else the route's default name, then the site's name, in the page's
 * language. A name announced on another path is ignored: the new page has not named itself yet.
 * The served page already has its title: the route defaults (both languages) are a late chunk,
 * applied once they have arrived.
 */
function DocumentTitle() {
  const { pathname } = useLocation();
  const { locale } = useLocale();
  // Listening from the first render on: a remote page mounts (and names itself) only later.
  const [announced, setAnnounced] = useState<{ title: string | null; path: string } | null>(null);
  useEffect(() => eventBus.on('page-title', ({ title }) => setAnnounced({ title, path: window.location.pathname })), []);
  const own = announced && announced.path === pathname ? announced.title : null;
  useEffect(() => {
    if (own) {
      document.title = documentTitle(own, SITE_NAME[locale]);
      return;
    }
    let live = true;
    void import('../lib/page-title').then(({ pageDocumentTitle }) => {
      if (live) document.title = pageDocumentTitle(matchRoute(pathname).name, locale);
    });
    return () => {
      live = false;
    };
  }, [own, pathname, locale]);
  return null;
}

/** What a route of the table renders: a shell page, a remote's page, or a remote's console screen. */
function routeElement(owner: RouteOwner) {
  if (owner.app === 'shell') return shellPages[owner.page]();
  if ('admin' in owner) return <RemoteArea key={owner.admin} remote={owner.app} expose="admin" name={owner.admin} />;
  return <RemoteArea key={`${owner.app}/${owner.page}`} remote={owner.app} expose="pages" name={owner.page} />;
}

/** Everything under the router: the browser's router in the app, a static one when prerendering. */
export function AppRoutes() {
  return (
    <>
      <ScrollToTop />
      <NavigationBridge />
      <DocumentTitle />
      <ForgetServerRender />
      <SessionCheck />
      <Routes>
        <Route element={<Layout />}>
          {ROUTE_TABLE.map(({ name, pattern, owner, roles }) => {
            const page = routeElement(owner);
            // The operator console's screens: sign-in first (the route guard), then the frame checks the roles.
            return <Route key={name} path={pattern} element={<RouteGuard>{roles ? <AdminFrame>{page}</AdminFrame> : page}</RouteGuard>} />;
          })}
        </Route>
      </Routes>
      <Toaster />
      <LoadingOverlay />
    </>
  );
}

export function App() {
  return (
    <BrowserRouter>
      <CatchUpMissedNavigation />
      <AppRoutes />
    </BrowserRouter>
  );
}
