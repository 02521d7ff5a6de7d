import { defineRemoteConfig } from '@scholars/shared-contracts/federation/vite';

export default defineRemoteConfig('library', {
  './pages': './src/exposes/pages.ts',
  './admin': './src/exposes/admin.ts',
  './lifecycles': './src/exposes/lifecycles.tsx',
  './diagnostics': './src/exposes/diagnostics.ts',
});
