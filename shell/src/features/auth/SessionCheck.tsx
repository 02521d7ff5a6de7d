import { useEffect, useState } from 'react';
import { useLocation } from 'react-router-dom';
import { apiClient, envelopeData, isDataObject, selectIsSignedIn, tokenStore, useSession } from '@scholars/shared-contracts';
import type { SessionUser } from '@scholars/shared-contracts/schemas';

/**
 * The answer's user, checked for its shape only: the API validates it with `sessionUserSchema`
 * before sending it, and every signed-in page would otherwise load zod and the schemas for this
 * one read (issue 6; forms still load them when they open).
 */
const isSessionUser = (data: unknown): boolean =>
  isDataObject(data) && Number.isInteger((data as { id?: unknown }).id) && typeof (data as { name?: unknown }).name === 'string';

/**
 * When the shell starts with a stored session, it asks the API who that is: the stored user is
 * refreshed, and a session the server no longer accepts goes through the client's one refresh and,
 * failing that, to /login?error=session_expired (spec 4). It asks again at each screen of the
 * operator console and when the tab comes back to the front: a role granted or revoked (or a
 * suspension) counts from then on, without signing in again.
 */
export function SessionCheck() {
  const signedIn = useSession(selectIsSignedIn);
  const { pathname } = useLocation();
  const consoleScreen = pathname === '/admin' || pathname.startsWith('/admin/') ? pathname : '';
  const [returns, setReturns] = useState(0);
  useEffect(() => {
    if (!signedIn) return;
    const onVisible = () => {
      if (document.visibilityState === 'visible') setReturns((count) => count + 1);
    };
    document.addEventListener('visibilitychange', onVisible);
    return () => document.removeEventListener('visibilitychange', onVisible);
  }, [signedIn]);
  useEffect(() => {
    if (!signedIn) return;
    let live = true;
    apiClient
      .get('auth/me', { silent: true, errorToast: false })
      .then((response) => {
        const user = envelopeData<SessionUser>(response.data, isSessionUser, 'auth/me');
        if (live) tokenStore.getState().setUser(user);
      })
      .catch((error: unknown) => console.warn('Could not check the session', error));
    return () => {
      live = false;
    };
    // Once per sign-in, console screen and return to the tab; not on every user update.
  }, [signedIn, consoleScreen, returns]);
  return null;
}
