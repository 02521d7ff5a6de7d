import { useEffect } from 'react';
import { apiClient, selectIsSignedIn, tokenStore, useSession } from '@scholars/shared-contracts';
import { sessionUserSchema } from '@scholars/shared-contracts/schemas';
import { z } from 'zod';

const meResponse = z.object({ status: z.literal(true), data: sessionUserSchema });

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
    apiClient
      .get('auth/me', { silent: true, errorToast: false })
      .then((response) => {
        const parsed = meResponse.safeParse(response.data);
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
