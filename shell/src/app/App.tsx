import { useEffect, useRef } from 'react';
import { BrowserRouter, Route, Routes, useLocation, useNavigate } from 'react-router-dom';
import { ROUTE_TABLE, clearPreloadedData, eventBus, type RouteOwner } from '@scholars/shared-contracts';
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

/** What a route of the table renders: a shell page, a remote's page, or a remote's console screen. */
function routeElement(owner: RouteOwner) {
  if (owner.app === 'shell') return shellPages[owner.page]();
  if ('admin' in owner) return <RemoteArea key={`${owner.app}/admin/${owner.admin}`} remote={owner.app} expose="admin" name={owner.admin} />;
  return <RemoteArea key={`${owner.app}/${owner.page}`} remote={owner.app} expose="pages" name={owner.page} />;
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
          {ROUTE_TABLE.filter((route) => !route.roles).map(({ name, pattern, owner }) => (
            <Route key={name} path={pattern} element={<RouteGuard>{routeElement(owner)}</RouteGuard>} />
          ))}
          {/* The operator console: sign-in first (the route guard), then the frame checks the roles. */}
          <Route element={<RouteGuard><AdminFrame /></RouteGuard>}>
            {ROUTE_TABLE.filter((route) => route.roles).map(({ name, pattern, owner }) => (
              <Route key={name} path={pattern} element={routeElement(owner)} />
            ))}
          </Route>
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
