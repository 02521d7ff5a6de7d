import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { federation } from '@module-federation/vite';
import { sharedDependencies, federationNames, defaultPorts } from '@scholars/shared-contracts/federation';
import { precompress, verifySharedTreeShaking } from '@scholars/shared-contracts/federation/vite';
import { REMOTES } from '@scholars/shared-contracts/routes';
import { START_CHUNKS_META } from './src/lib/page-meta';

/** In dev, /remotes.json points at the remotes' Vite dev servers (production: server/index.ts). */
function devRemoteManifest(): Plugin {
  return {
    name: 'scholars-dev-remote-manifest',
    configureServer(server) {
      server.middlewares.use('/remotes.json', (_req, res) => {
        const remotes = REMOTES.map((name) => {
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

/** Modules the home page and every page's chrome do not need at start: fetched when first used. */
// The lazy pages' texts (src/i18n/page-texts.ts) come with those pages.
// The operator console (features/admin: its frame, home and 403 page) comes with its first screen;
// the newsletter links' page (features/newsletter) with its route.
// The API client's axios implementation (shared-contracts http/client.ts) comes with the first call,
// the captcha's code (http/captcha.ts) with a form's first submit.
const LATE = /\/features\/(auth|contact|forms|setup|admin|newsletter)\/|\/features\/pages\/(?!AboutPage)|\/ui\/(Carousel|CountryOptions)|\/i18n\/countries\.ts$|\/schemas\/|\/http\/(client|captcha)\.ts$|node_modules\/(zod|swiper|altcha-lib|axios)\/|__prebuild__|\/i18n\/(page-texts|page-titles|shell-pages\.(en|ar)|content-pages\.(en|ar))\.ts$|\/lib\/page-title\.ts$/;

/**
 * The shell's start is a chain of module imports (entry -> federation runtime -> share scope ->
 * shared libraries -> bootstrap), each found only once the previous one has arrived: ~20 sequential
 * round trips. Every chunk of that start (all the build's chunks but the late ones above) is
 * announced in index.html as a modulepreload, so they are all requested with the document.
 */
function preloadStartChunks(): Plugin {
  return {
    name: 'scholars-preload-start-chunks',
    apply: 'build',
    enforce: 'post',
    generateBundle(_options, bundle) {
      const html = bundle['index.html'];
      if (!html || html.type !== 'asset') return;
      const chunks = Object.values(bundle).filter((item) => item.type === 'chunk');
      const byFile = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
      // A dynamic import is late when it loads a late module (a lazy page, the carousel, schemas, a
      // full fallback copy of a tree-shaken shared library): a chunk that carries one is late, whatever
      // small helpers only it uses came into it (the schemas chunk takes the role list and the time-zone
      // checks along). Static imports of a needed chunk are needed.
      const late = (fileName: string) => {
        const chunk = byFile.get(fileName);
        if (!chunk) return true;
        const ids = chunk.facadeModuleId ? [chunk.facadeModuleId] : Object.keys(chunk.modules);
        return ids.some((id) => LATE.test(id));
      };
      const start = new Set<string>();
      const walk = (fileName: string) => {
        if (start.has(fileName) || !byFile.has(fileName)) return;
        start.add(fileName);
        const chunk = byFile.get(fileName)!;
        chunk.imports.forEach(walk);
        chunk.dynamicImports.filter((name) => !late(name)).forEach(walk);
      };
      chunks.filter((chunk) => chunk.isEntry).forEach((chunk) => walk(chunk.fileName));
      const source = String(html.source);
      const styles = [...new Set([...start].flatMap((fileName) => [...(byFile.get(fileName)?.viteMetadata?.importedCss ?? [])]))];
      const links = [
        ...styles.map((fileName) => `    <link rel="stylesheet" crossorigin href="/${fileName}">`),
        ...[...start].filter((fileName) => !source.includes(`/${fileName}"`)).map((fileName) => `    <link rel="modulepreload" crossorigin href="/${fileName}">`),
      ].join('\n');
      html.source = source.replace('</head>', `${links}\n  </head>`);
    },
  };
}

/**
 * On a page whose first screen the server prerendered (home, about), the shell's scripts start
 * after the browser has painted it: the entry waits for a frame, then announces the start chunks
 * (which the server listed in a meta instead of modulepreload links). On a slow link the HTML and
 * the stylesheet then have the bandwidth to themselves and the text shows before ~180 KiB of
 * JavaScript has arrived, instead of after it (issue 6). A page with an empty #root starts at once,
 * and so does a hidden tab (no frames there); no page waits more than a second for its frame.
 */
const PAINT_GATE = `await (async () => {
  const root = document.getElementById('root');
  if (root && root.firstChild && document.visibilityState === 'visible') {
    await new Promise((resolve) => {
      document.addEventListener('visibilitychange', resolve, { once: true });
      requestAnimationFrame(() => setTimeout(resolve, 0));
      // Frames can be withheld (an off-screen frame, a throttled tab): never wait long for one.
      setTimeout(resolve, 1000);
    });
  }
  const meta = document.querySelector('meta[name="${START_CHUNKS_META}"]');
  for (const href of meta ? meta.content.split(' ').filter(Boolean) : []) {
    const link = document.createElement('link');
    link.rel = 'modulepreload';
    link.crossOrigin = '';
    link.href = href;
    document.head.append(link);
  }
})();
`;

function paintBeforeStart(): Plugin {
  return {
    name: 'scholars-paint-before-start',
    apply: 'build',
    renderChunk(code, chunk) {
      // The page's entry (index.html's script), not the shell's remoteEntry. Imports are hoisted:
      // the gate runs after the entry's tiny static imports and before any of its code.
      if (!chunk.isEntry || !chunk.facadeModuleId?.endsWith('.html')) return null;
      return { code: PAINT_GATE + code, map: null };
    },
  };
}

// The host knows no remote URL at build time: main.ts reads /remotes.json at start and
// registers the remotes with the federation runtime.
export default defineConfig({
  plugins: [
    devRemoteManifest(),
    preloadStartChunks(),
    paintBeforeStart(),
    precompress(),
    verifySharedTreeShaking(),
    react(),
    tailwindcss(),
    federation({
      name: federationNames.shell,
      remotes: {},
      shared: sharedDependencies,
      dts: false,
      hostInitInjectLocation: 'entry',
      experiments: { provideExternalRuntime: true },
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
