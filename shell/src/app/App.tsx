import { useEffect, useRef } from 'react';
import { BrowserRouter, Route, Routes, useLocation, useNavigate } from 'react-router-dom';
import { ROUTE_TABLE, clearPreloadedData, eventBus } from '@scholars/shared-contracts';
import { Layout } from '../features/layout/Layout';
import { Toaster } from '../features/toasts/Toaster';
import { LoadingOverlay } from '../features/loading/LoadingOverlay';
import { RemoteArea } from './remote/RemoteArea';
import { RouteGuard } from './guards';
import { ScrollToTop } from './ScrollToTop';
import { CatchUpMissedNavigation } from './CatchUpMissedNavigation';
import { shellPages } from './shell-pages';
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

/** Everything under the router: the browser's router in the app, a static one when prerendering. */
export function AppRoutes() {
  return (
    <>
      <ScrollToTop />
      <NavigationBridge />
      <ForgetServerRender />
      <SessionCheck />
      <Routes>
        <Route element={<Layout />}>
          {ROUTE_TABLE.map(({ name, pattern, owner }) => {
            const page =
              owner.app === 'shell' ? (
                shellPages[owner.page]()
              ) : (
                <RemoteArea key={`${owner.app}/${owner.page}`} remote={owner.app} expose="pages" name={owner.page} />
              );
            return <Route key={name} path={pattern} element={<RouteGuard>{page}</RouteGuard>} />;
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
