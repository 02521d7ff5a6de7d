import type { Role, StaffRole } from '../authorization';
import type { Locale } from '../i18n/core';

/** The most privileged role of the account (docs/decisions.md, accounts and security). */
export type UserRole = Role;

/**
 * The signed-in user as kept in localStorage under `user` (spec 3). Only `id`, `name`, `email`
 * and `role` are relied upon; extra profile fields the API sends are kept as given at run time.
 */
export interface SessionUser {
  id: string | number;
  name: string;
  email: string;
  role: UserRole;
  /** Every staff role the account holds (supervisor, reviewer, admin); none for a member. */
  roles?: StaffRole[];
  avatar?: string | null;
  phone?: string | null;
  country?: string | null;
  gender?: 'male' | 'female' | null;
  bio?: string | null;
  /** Privacy flag "data access": others may see e-mail and phone. */
  data_access?: boolean;
  newsletter?: boolean;
  /** The account's language: every e-mail and notice to the member is written in it (not the page's). */
  locale?: Locale;
}

/** What `setSession` takes: the pair returned by sign-in. */
export interface Session {
  accessToken: string;
  user: SessionUser;
}
