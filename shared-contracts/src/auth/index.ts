export {
  createTokenStore,
  selectAccessToken,
  selectIsSignedIn,
  selectSessionEnd,
  selectUser,
  tokenStore,
} from './token-store';
export type {
  StorageEventSource,
  TokenState,
  TokenStore,
  TokenStoreActions,
  TokenStoreOptions,
  TokenStoreState,
} from './token-store';
export { useSession } from './use-session';
export type { Session, SessionUser, UserRole } from './types';
