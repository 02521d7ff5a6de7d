import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { federation } from '@module-federation/vite';
import { sharedDependencies, federationNames, defaultPorts } from '@scholars/shared-contracts/federation';

const remoteNames = ['conferences', 'community', 'library', 'account'] as const;

/** In dev, /remotes.json points at the remotes' Vite dev servers (production: server/index.ts). */
function devRemoteManifest(): Plugin {
  return {
    name: 'scholars-dev-remote-manifest',
    configureServer(server) {
      server.middlewares.use('/remotes.json', (_req, res) => {
        const remotes = remoteNames.map((name) => {
          const base = process.env[`REMOTE_${name.toUpperCase()}_URL`] ?? `http://127.0.0.1:${defaultPorts[name]}/`;
          return { name, entry: new URL('remoteEntry.js', base).href };
        });
        res.setHeader('Content-Type', 'application/json');
        res.setHeader('Cache-Control', 'no-store');
        res.end(JSON.stringify({ remotes }));
      });
    },
  };
}

// The host knows no remote URL at build time: main.ts reads /remotes.json at start and
// registers the remotes with the federation runtime.
export default defineConfig({
  plugins: [
    devRemoteManifest(),
    react(),
    tailwindcss(),
    federation({
      name: federationNames.shell,
      remotes: {},
      shared: sharedDependencies,
      dts: false,
      hostInitInjectLocation: 'entry',
    }),
  ],
  server: {
    port: Number(process.env.PORT ?? defaultPorts.shell),
    strictPort: true,
    proxy: {
      '/api': process.env.API_URL ?? `http://127.0.0.1:${defaultPorts.api}`,
      '/files': process.env.API_URL ?? `http://127.0.0.1:${defaultPorts.api}`,
    },
  },
  build: { target: 'es2022' },
});
