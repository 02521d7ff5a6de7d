import type { Profile } from '@scholars/shared-contracts/schemas';

/** A member's own profile as the API answers it, for component tests: Arabic, nothing optional filled; `values` override any field. */
export const profileFixture = (values: Partial<Profile> = {}): Profile => ({
  id: 7,
  name: 'مريم',
  email: 'mariam@example.ae',
  phone: null,
  country: null,
  gender: null,
  bio: null,
  avatar: null,
  data_access: false,
  newsletter: false,
  locale: 'ar',
  role: 'user',
  roles: [],
  created_at: '2026-01-01T00:00:00.000Z',
  pending_email: null,
  ...values,
});
