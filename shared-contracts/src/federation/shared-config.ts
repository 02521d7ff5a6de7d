/**
 * The one `shared` map every federated app declares (shell and the four remotes).
 * Ranges, not exact pins: independently deployed remotes must accept any compatible host copy
 * (exact pins would become exact `requiredVersion`s that a redeploy breaks).
 * Build-time only: imported by vite.config.ts files, never by browser code. Every shared module is
 * fetched at start-up on every page (the host materializes its share scope), so only what has to be
 * one instance belongs here.
 */
/**
 * What any app imports from these two packages. Shared modules are fetched whole unless tree-shaken;
 * with these lists every app builds the same reduced module (the union below plus its own imports),
 * and the host's copy is the one instance at run time. A remote that needs an export missing here
 * would not find it in the host's copy: add it here (e2e/tests/budgets.spec.ts checks every app's
 * imports against these lists).
 */
export const ROUTER_EXPORTS = [
  'BrowserRouter',
  'Link',
  'MemoryRouter',
  'NavLink',
  'Navigate',
  'Outlet',
  'Route',
  'Routes',
  'useLocation',
  'useNavigate',
  'useParams',
  'useSearchParams',
];
// Not `Trans`: with its HTML parser it added ~4 KiB to every app's start (issue 6); a sentence with a
// link is written as its parts (library-mfe's research terms).
export const REACT_I18NEXT_EXPORTS = ['I18nextProvider', 'initReactI18next', 'useTranslation'];

export const sharedDependencies = {
  react: { singleton: true, requiredVersion: '^19.2.0' },
  'react-dom': { singleton: true, requiredVersion: '^19.2.0' },
  'react-router-dom': {
    singleton: true,
    requiredVersion: '^7.9.0',
    treeShaking: { mode: 'runtime-infer', usedExports: ROUTER_EXPORTS },
  },
  zustand: { singleton: true, requiredVersion: '^5.0.0' },
  i18next: { singleton: true, requiredVersion: '^27.0.0' },
  'react-i18next': {
    singleton: true,
    requiredVersion: '^18.0.0',
    treeShaking: { mode: 'runtime-infer', usedExports: REACT_I18NEXT_EXPORTS },
  },
  // Not zod: a shared module is fetched whole (~90 KiB gzip) at every app's start, whether a page
  // validates anything or not. Each app bundles the parts of zod its forms and pages use, in the
  // chunks that use them (issue 6); no zod object crosses an app boundary.
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
