import { defineConfig, type UserConfig } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { federation } from '@module-federation/vite';
import { sharedDependencies, defaultPorts, federationNames } from './shared-config';

type RemoteKey = Exclude<keyof typeof federationNames, 'shell'>;

/**
 * Vite config of a feature remote: one federation container that builds and serves alone.
 * `base: './'` so its chunks resolve against wherever its entry is deployed; `manifest: true`
 * so hosts can load `mf-manifest.json` (preloads the remote's CSS, carries version metadata).
 */
export function defineRemoteConfig(remote: RemoteKey, exposes: Record<string, string>): UserConfig {
  const port = Number(process.env.PORT ?? defaultPorts[remote]);
  return defineConfig({
    base: './',
    plugins: [
      react(),
      tailwindcss(),
      federation({
        name: federationNames[remote],
        filename: 'remoteEntry.js',
        manifest: true,
        dts: false,
        exposes,
        shared: sharedDependencies,
      }),
    ],
    server: { port, strictPort: true, origin: `http://localhost:${port}`, cors: true },
    preview: { port, strictPort: true, cors: true },
    build: { target: 'es2022', sourcemap: false },
  });
}
