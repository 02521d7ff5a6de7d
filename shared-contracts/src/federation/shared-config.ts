/**
 * The one `shared` map every federated app declares (shell and the four remotes).
 * Ranges, not exact pins: independently deployed remotes must accept any compatible host copy
 * (exact pins would become exact `requiredVersion`s that a redeploy breaks).
 * Build-time only: imported by vite.config.ts files, never by browser code.
 */
export const sharedDependencies = {
  react: { singleton: true, requiredVersion: '^19.2.0' },
  'react-dom': { singleton: true, requiredVersion: '^19.2.0' },
  'react-router-dom': { singleton: true, requiredVersion: '^7.9.0' },
  zustand: { singleton: true, requiredVersion: '^5.0.0' },
  i18next: { singleton: true, requiredVersion: '^27.0.0' },
  'react-i18next': { singleton: true, requiredVersion: '^18.0.0' },
  zod: { singleton: true, requiredVersion: '^4.0.0' },
  swiper: { singleton: true, requiredVersion: '^14.0.0' },
  '@scholars/shared-contracts': { singleton: true, requiredVersion: '^1.0.0' },
} as const;

/** Federation container names; also the keys of the shell's runtime manifest (/remotes.json). */
export const federationNames = {
  shell: 'scholars_shell',
  conferences: 'conferences',
  community: 'community',
  library: 'library',
  account: 'account',
} as const;

/** Default local ports: API 3000, shell 8080, one per remote (each remote is its own deployment). */
export const defaultPorts = {
  api: 3000,
  shell: 8080,
  conferences: 8081,
  community: 8082,
  library: 8083,
  account: 8084,
} as const;
