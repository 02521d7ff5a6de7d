import { defineRemoteConfig } from '@scholars/shared-contracts/federation/vite';

export default defineRemoteConfig('community', {
  './pages': './src/exposes/pages.ts',
  './widgets': './src/exposes/widgets.ts',
  './admin': './src/exposes/admin.ts',
  './lifecycles': './src/exposes/lifecycles.tsx',
  './diagnostics': './src/exposes/diagnostics.ts',
});
