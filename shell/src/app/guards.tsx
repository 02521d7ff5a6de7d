import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router-dom';
import { guardRedirect, selectIsSignedIn, selectSessionEnd, signInState, stateAfterSignIn, useSession } from '@scholars/shared-contracts';

/**
 * Applies the route table's guard (decisions.md): auth routes send a visitor to
 * /login?redirect=<path+query+hash> (after a failed refresh, /login?error=session_expired&redirect=...,
 * the same URL the API client goes to; likewise error=account_suspended after a refresh refused for
 * a suspension, error=signed_out_elsewhere after the session ended in another tab: `sessionEndedPath`);
 * guest-only routes send a signed-in user where `redirect` says (else home). The page's history state
 * goes to sign-in and comes back with the redirect (`signInState`), so a list's return survives it.
 */
export function RouteGuard({ children }: { children: ReactNode }) {
  const location = useLocation();
  const signedIn = useSession(selectIsSignedIn);
  const ended = useSession(selectSessionEnd);
  const decision = guardRedirect(location, signedIn, ended);
  if (decision) return <Navigate to={decision.redirect} replace state={signedIn ? stateAfterSignIn(location.state) : signInState(location.state)} />;
  return <>{children}</>;
}
