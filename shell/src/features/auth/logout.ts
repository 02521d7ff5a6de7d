import { apiClient, tokenStore, ROUTES } from '@scholars/shared-contracts';

/** Spec 4: revoke on the server, clear the session, go home and reload. */
export async function logout() {
  try {
    await apiClient.post('tokens/logout', undefined, { silent: true });
  } catch {
    // The session is cleared locally either way.
  } finally {
    tokenStore.getState().clear();
    window.location.assign(ROUTES.home);
  }
}
