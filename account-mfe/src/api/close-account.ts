/**
 * `POST profile/close` (decisions.md "Closing an account"), apart from `./profile` because only the
 * lazily loaded "Close account" section calls it: sharing `./profile` with that chunk split the
 * module into a chunk of its own that every account page then loads (+0.45 KiB gzip).
 */
import { apiClient } from '@scholars/shared-contracts';
import type { CloseAccount } from '@scholars/shared-contracts/schemas';

/** Closes the account (its sessions end on the server); the success toast carries the server's message, which outlives the page left. */
export async function closeAccount(body: CloseAccount) {
  await apiClient.post('profile/close', body, { errorToast: false, successToast: true });
}
