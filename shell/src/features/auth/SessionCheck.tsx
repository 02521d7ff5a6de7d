import { useEffect } from 'react';
import { apiClient, selectIsSignedIn, tokenStore, useSession } from '@scholars/shared-contracts';

/**
 * When the shell starts with a stored session, it asks the API who that is: the stored user is
 * refreshed, and a session the server no longer accepts goes through the client's one refresh and,
 * failing that, to /login?error=session_expired (spec 4).
 */
export function SessionCheck() {
  const signedIn = useSession(selectIsSignedIn);
  useEffect(() => {
    if (!signedIn) return;
    let live = true;
    // Only with a stored session: the schemas (and zod) stay off a visitor's page.
    Promise.all([apiClient.get('auth/me', { silent: true, errorToast: false }), import('@scholars/shared-contracts/schemas')])
      .then(([response, { sessionUserSchema, successSchema }]) => {
        const parsed = successSchema(sessionUserSchema).safeParse(response.data);
        if (live && parsed.success) tokenStore.getState().setUser(parsed.data.data);
      })
      .catch((error: unknown) => console.warn('Could not check the session', error));
    return () => {
      live = false;
    };
    // Once per sign-in, not on every user update.
  }, [signedIn]);
  return null;
}
