/**
 * @scholars/shared-contracts: what crosses an app boundary. A Module Federation singleton: the
 * shell and the four remotes share this one instance, so `eventBus`, `tokenStore` and
 * `apiClient` below exist once per page. Import them from this root entry only: a subpath
 * entry is a different module to federation and would get its own copy.
 */
export * from './events';
export * from './auth';
export * from './http';
// Not routeId and its pattern: the pages that read ids import them from the `/routes` entry, so the
// start of every page does not carry them.
export {
  REMOTES,
  REMOTE_PAGES,
  SHELL_PAGES,
  ROUTE_PATTERNS,
  HOME_ANCHORS,
  ROUTES,
  SESSION_EXPIRED_PATH,
  ROUTE_TABLE,
  REDIRECT_PARAM,
  matchRoute,
  guardOf,
  guardRedirect,
  sessionEndedPath,
  loginRedirectPath,
  signInState,
  stateAfterSignIn,
  safeRedirectTarget,
} from './routes';
export type { RemoteName, RemotePageName, ShellPageName, RouteGuard, RouteOwner, RouteName, RoutePattern, RouteDefinition, RouteMatch, LocationLike, SessionEnd } from './routes';
export * from './i18n';
export { setLocale } from './i18n/set-locale';
export type { SetLocaleOptions } from './i18n/set-locale';
export * from './theme';
export { STORAGE_KEYS, browserStorage } from './storage-keys';
// The carousel comes from here, the one shared instance, so that Swiper is fetched once per page.
export { Carousel } from './ui/LazyCarousel';
export type { CarouselProps } from './ui/Carousel';
export type { StorageKey, StorageLike } from './storage-keys';
// State shared by the shell and the remotes: it must come from this one shared instance.
export * from './server-render';
// The document title: remote pages name themselves, the shell writes <title>.
export { usePageTitle } from './page-title';

/**
 * Random per module instance: the shell and a remote reading the same value proves they share
 * one copy of this package (end-to-end singleton check).
 */
export const CONTRACTS_INSTANCE_ID: string = Math.random().toString(36).slice(2, 12);
