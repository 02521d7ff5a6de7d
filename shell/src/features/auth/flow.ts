import { apiClient, isApiError, REDIRECT_PARAM, safeRedirectTarget, tokenStore, type SessionUser } from '@scholars/shared-contracts';

/**
 * `path` (the next screen of signing in or up) carrying on the page's `redirect`: where the visitor
 * was going (an invitation link, a guarded page) stays their destination when they switch from
 * signing in to signing up (or back), or are sent to verify their address first.
 */
export function keepRedirect(path: string, params: URLSearchParams): string {
  const redirect = params.get(REDIRECT_PARAM);
  return redirect ? `${path}?${REDIRECT_PARAM}=${encodeURIComponent(safeRedirectTarget(redirect))}` : path;
}

/** The step between sign-up (or forgot password) and the OTP screen, kept for this tab only. */
export type OtpPurpose = 'verify_email' | 'reset_password';
const PENDING_KEY = 'otp_pending';
const RESET_KEY = 'reset_token';

export function rememberPendingOtp(email: string, purpose: OtpPurpose) {
  sessionStorage.setItem(PENDING_KEY, JSON.stringify({ email, purpose }));
}

export function pendingOtp(): { email: string; purpose: OtpPurpose } | null {
  try {
    const value = JSON.parse(sessionStorage.getItem(PENDING_KEY) ?? 'null') as { email?: unknown; purpose?: unknown } | null;
    if (value && typeof value.email === 'string' && (value.purpose === 'verify_email' || value.purpose === 'reset_password')) {
      return { email: value.email, purpose: value.purpose };
    }
  } catch {
    // fall through
  }
  return null;
}

export function clearPendingOtp() {
  sessionStorage.removeItem(PENDING_KEY);
}

export function rememberResetToken(token: string) {
  sessionStorage.setItem(RESET_KEY, token);
}

export function takeResetToken(): string | null {
  return sessionStorage.getItem(RESET_KEY);
}

export function forgetResetToken() {
  sessionStorage.removeItem(RESET_KEY);
}

/** Stores the session the API answered with (spec 3 keys: accessToken, user, user_id). */
export function startSession(data: { accessToken: string; user: SessionUser }) {
  tokenStore.getState().setSession({ accessToken: data.accessToken, user: data.user });
}

/** The server's message, else the given fallback (spec 8: 'the server message, else ...'). */
export function serverMessage(error: unknown, fallback: string): string {
  return isApiError(error) && error.msg ? error.msg : fallback;
}

export { apiClient, isApiError };
