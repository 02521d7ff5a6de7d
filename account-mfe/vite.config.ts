import { defineRemoteConfig } from '@scholars/shared-contracts/federation/vite';

export default defineRemoteConfig('account', {
  './pages': './src/exposes/pages.ts',
  './admin': './src/exposes/admin.ts',
  './widgets': './src/exposes/widgets.ts',
  './lifecycles': './src/exposes/lifecycles.tsx',
  './diagnostics': './src/exposes/diagnostics.ts',
});
