import type { SessionUser } from '../auth/types';
import type { Locale } from '../i18n/core';
import type { ResolvedTheme, ThemePreference } from '../theme';

export type ToastKind = 'success' | 'error' | 'warning' | 'info';

/**
 * Every topic that crosses an app boundary, with its payload. The shell and the four remotes
 * share one bus instance (shared-contracts is a federation singleton), so an event emitted in a
 * remote reaches the shell and the other remotes.
 *
 * Adding a topic is a contract change: document who emits and who listens.
 */
export interface EventMap {
  /**
   * The session changed: sign-in, sign-out, refresh failure, another tab signing in or out,
   * or the stored user changing.
   * - Emitted by: the token store (`tokenStore`) only; never emit it by hand.
   * - Listened by: the shell (header buttons, guards), remotes that cache per-user data.
   */
  'auth:changed': { signedIn: boolean; user: SessionUser | null };

  /**
   * The interface language changed (already applied to i18next, `<html lang dir>` and storage).
   * - Emitted by: `setLocale()` (the shell's language menu, an embedding host's update).
   * - Listened by: remotes with locale-dependent non-React state (sliders, charts), analytics.
   */
  'locale:changed': { locale: Locale };

  /**
   * The theme preference or the resolved theme changed (including a device change under `system`).
   * - Emitted by: the shell's theme controller.
   * - Listened by: remotes drawing on canvas or with third-party widgets needing the theme.
   */
  'theme:changed': { preference: ThemePreference; resolved: ResolvedTheme };

  /**
   * Show a notification (spec 9: 3000 ms, top corner at the reading start side).
   * - Emitted by: the API client (spec 8 warning, error and success toasts), any remote.
   * - Listened by: the shell's notification area (a standalone remote renders its own).
   */
  toast: { kind: ToastKind; title?: string; message: string };

  /**
   * A blocking operation started; the loading overlay shows while any id is open.
   * `cancellable` lets Escape close it (spec 9), calling `onCancel`.
   * - Emitted by: the API client for non-silent calls, any remote for its own long work.
   * - Listened by: the shell's loading overlay.
   */
  'loading:start': { id: string; cancellable?: boolean; onCancel?: () => void };

  /**
   * The operation with this id ended (success, failure or cancel). Always paired with a start.
   * - Emitted by: whoever emitted the matching `loading:start`.
   * - Listened by: the shell's loading overlay.
   */
  'loading:stop': { id: string };

  /**
   * Ask the host router to navigate (remotes do not own the browser history).
   * - Emitted by: the API client on session expiry (`/login?error=session_expired`), remotes.
   * - Listened by: the shell's router bridge; a standalone remote's own router.
   */
  navigate: { to: string; replace?: boolean };

  /**
   * The page's own name for the document title, in the page's language (`Research exchange`, a
   * conference's title), without the site's name: the shell owns `<title>` and writes
   * "<title> · <site name>" (only the site's name for null). It holds for the current path only:
   * after a navigation the shell shows the route's default title until the new page names itself.
   * - Emitted by: remote pages, through `usePageTitle(title)` (again when the language changes).
   * - Listened by: the shell's document title; an embedding host may listen too.
   */
  'page-title': { title: string | null };
}

export type EventTopic = keyof EventMap;
