import { defineRemoteConfig } from '@scholars/shared-contracts/federation/vite';

export default defineRemoteConfig('library', {
  './pages': './src/exposes/pages.ts',
  './lifecycles': './src/exposes/lifecycles.tsx',
  './diagnostics': './src/exposes/diagnostics.ts',
});
