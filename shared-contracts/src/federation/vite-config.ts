import { readFileSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig, type Plugin, type UserConfig } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { federation } from '@module-federation/vite';
import { sharedDependencies, defaultPorts, federationNames } from './shared-config';

type RemoteKey = Exclude<keyof typeof federationNames, 'shell'>;

const RUNTIME_CORE = '@module-federation/runtime-core';
const RUNTIME_CORE_SHIM = '\0scholars:runtime-core-from-host';

/**
 * One federation runtime per page. In the shell the runtime is the host's (the shell publishes it on
 * `globalThis._FEDERATION_RUNTIME_CORE`: the plugin's `experiments.provideExternalRuntime`); a
 * remote's build takes it from there instead of shipping its own copy (~20 KiB gzip each). Unlike
 * the plugin's `experiments.externalRuntime`, which throws without a host, a remote embedded alone
 * on a plain page (single-spa lifecycles, no host) falls back to its own copy, a separate chunk
 * fetched only then.
 */
function runtimeCoreFromHost(): Plugin {
  return {
    name: 'scholars-runtime-core-from-host',
    enforce: 'pre',
    apply: 'build',
    resolveId(source, importer) {
      if (source === RUNTIME_CORE && importer !== RUNTIME_CORE_SHIM) return RUNTIME_CORE_SHIM;
      return null;
    },
    async load(id) {
      if (id !== RUNTIME_CORE_SHIM) return null;
      const own = await this.resolve(RUNTIME_CORE, fileURLToPath(import.meta.url), { skipSelf: true });
      if (!own) throw new Error(`cannot resolve ${RUNTIME_CORE}`);
      // Node's own require (the CommonJS build of the same package): its export names, at build time.
      const exported = createRequire(import.meta.url)(RUNTIME_CORE) as Record<string, unknown>;
      const names = Object.keys(exported).filter((name) => name !== 'default' && /^[A-Za-z_$][\w$]*$/.test(name));
      return [
        `const core = globalThis._FEDERATION_RUNTIME_CORE ?? (await import(${JSON.stringify(own.id)}));`,
        'export default core.default ?? core;',
        `export const { ${names.join(', ')} } = core;`,
      ].join('\n');
    },
  };
}

type OutputChunkLike = { type: 'chunk'; fileName: string; facadeModuleId: string | null; imports: string[]; viteMetadata?: { importedCss: Set<string> } };

/**
 * The federation runtime preloads, with a remote's entry, every asset its mf-manifest.json lists as
 * `sync` for the exposed module being loaded. The plugin lists there what the expose's chunks import
 * dynamically too (e.g. the remote's own fallback copy of a shared package's lazy parts), which a
 * host that provides those never needs. After the build, each expose's `sync` lists keep only the
 * static import closure of the expose (and of the entry); the rest moves to `async`.
 */
function exactManifestAssets(exposes: Record<string, string>): Plugin {
  let root = process.cwd();
  let outDir = 'dist';
  return {
    name: 'scholars-exact-manifest-assets',
    apply: 'build',
    enforce: 'post',
    configResolved(config) {
      root = config.root;
      outDir = path.resolve(config.root, config.build.outDir);
    },
    writeBundle(_options, bundle) {
      const file = path.join(outDir, 'mf-manifest.json');
      let manifest: { exposes?: Array<{ path: string; assets: { js: { sync: string[]; async: string[] }; css: { sync: string[]; async: string[] } } }> };
      try {
        manifest = JSON.parse(readFileSync(file, 'utf8'));
      } catch {
        return;
      }
      const chunks = Object.values(bundle).filter((item): item is OutputChunkLike & typeof item => item.type === 'chunk') as unknown as OutputChunkLike[];
      const byFile = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
      const closure = (start: OutputChunkLike[]) => {
        const seen = new Set<string>();
        const walk = (chunk: OutputChunkLike | undefined) => {
          if (!chunk || seen.has(chunk.fileName)) return;
          seen.add(chunk.fileName);
          chunk.imports.forEach((name) => walk(byFile.get(name)));
        };
        start.forEach(walk);
        return seen;
      };
      const entry = chunks.filter((chunk) => chunk.fileName === 'remoteEntry.js');
      for (const expose of manifest.exposes ?? []) {
        const source = exposes[expose.path];
        if (!source) continue;
        const id = path.resolve(root, source);
        const files = closure([...entry, ...chunks.filter((chunk) => chunk.facadeModuleId === id)]);
        const css = new Set([...files].flatMap((name) => [...(byFile.get(name)?.viteMetadata?.importedCss ?? [])]));
        const split = (list: string[], keep: (name: string) => boolean) => [list.filter(keep), list.filter((name) => !keep(name))] as const;
        const [js, jsLate] = split(expose.assets.js.sync, (name) => files.has(name));
        const [styles, stylesLate] = split(expose.assets.css.sync, (name) => css.has(name));
        expose.assets.js = { sync: js, async: [...new Set([...expose.assets.js.async, ...jsLate])] };
        expose.assets.css = { sync: styles, async: [...new Set([...expose.assets.css.async, ...stylesLate])] };
      }
      writeFileSync(file, JSON.stringify(manifest, null, 2));
    },
  };
}

/**
 * Brotli (quality 11) and gzip (level 9) siblings of every text asset of a build (`x.js.br`,
 * `x.js.gz`), written once at build time; the static servers send them to clients that accept them
 * (`preCompressed`), so nothing is compressed per request and the ratio is the best one.
 */
export function precompress(): Plugin {
  let outDir = 'dist';
  let written = false;
  return {
    name: 'scholars-precompress',
    apply: 'build',
    enforce: 'post',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    writeBundle() {
      written = true;
    },
    // Also called when the build failed (nothing written): then it does nothing, so that the build's
    // own error is the one reported (a check's message, which the build script retries on).
    closeBundle() {
      if (!written) return;
      const walk = (dir: string): string[] =>
        readdirSync(dir).flatMap((name) => {
          const file = path.join(dir, name);
          return statSync(file).isDirectory() ? walk(file) : [file];
        });
      for (const file of walk(outDir)) {
        if (!/\.(js|mjs|css|html|svg|json|txt|xml|webmanifest)$/.test(file)) continue;
        const body = readFileSync(file);
        if (body.length < 1024) continue;
        writeFileSync(`${file}.br`, brotliCompressSync(body, { params: { [zlib.BROTLI_PARAM_QUALITY]: 11, [zlib.BROTLI_PARAM_SIZE_HINT]: body.length } }));
        writeFileSync(`${file}.gz`, gzipSync(body, { level: 9 }));
      }
    },
  };
}

/**
 * Fails the build when a tree-shaken shared module came out without the package's own code. The
 * federation plugin's `runtime-infer` tree shaking now and then writes a remote's copy of
 * react-i18next as a 0.5 kB module that re-exports the remote's *proxy* of react-i18next instead
 * of the package (or, once, as an empty module). In the shell nothing shows (the host's copy is the
 * one used), but the remote mounted alone on an integrator's page passes `undefined` to
 * `i18next.use()` and never renders. A rebuild gives the right module. The copy must contain
 * modules of the package's tree-shaking graph and name its exports; otherwise the build stops, and
 * the build script builds that workspace again (`scripts/build.mjs`).
 */
export function verifySharedTreeShaking(): Plugin {
  const lists = Object.entries(sharedDependencies).flatMap(([name, config]) =>
    'treeShaking' in config ? [{ name, chunk: `tree_shaking__${name.replace(/-/g, '_mf_2_')}-`, exports: config.treeShaking.usedExports }] : [],
  );
  return {
    name: 'scholars-verify-shared-tree-shaking',
    apply: 'build',
    generateBundle(_options, bundle) {
      for (const output of Object.values(bundle)) {
        if (output.type !== 'chunk') continue;
        for (const list of lists) {
          if (!output.fileName.includes(list.chunk)) continue;
          const missing = list.exports.filter((name) => !output.code.includes(`${name}:`));
          // The package's modules come into the copy through the plugin's tree-shaking graph (marked by
          // its query; react-router-dom's code is react-router's), never as the provider module alone.
          const ownCode = output.moduleIds.some((id) => id.includes('__mf_tree_shaking_graph__='));
          if (missing.length > 0 || !ownCode) {
            const lacks = [...missing, ...(ownCode ? [] : [`the package's code (its modules: ${output.moduleIds.join(', ')})`])];
            this.error(`${output.fileName}: the tree-shaken copy of ${list.name} lacks ${lacks.join(', ')} (the federation plugin's build went wrong; build again)`);
          }
        }
      }
    },
  };
}

/**
 * A remote's standalone page (`index.html`: the remote mounted alone through its own lifecycles,
 * `src/standalone.tsx`) is one template for the four remotes, `standalone.html` beside this file,
 * with the remote's name: the page the build writes to `dist/index.html` and the dev server serves
 * at `/`. The remotes keep no index.html of their own.
 */
function standalonePage(remote: RemoteKey): Plugin {
  const page = () => readFileSync(new URL('./standalone.html', import.meta.url), 'utf8').replaceAll('{{remote}}', remote);
  let entry = '';
  return {
    name: 'scholars-standalone-page',
    enforce: 'pre',
    configResolved(config) {
      entry = path.resolve(config.root, 'index.html');
    },
    // The build's input (Vite's default, <root>/index.html) is this template.
    resolveId(source) {
      return path.resolve(source) === entry ? entry : null;
    },
    load(id) {
      return id === entry ? page() : null;
    },
    // The dev server serves the same page, through Vite's HTML transforms (the federation plugin's too).
    configureServer(server) {
      server.middlewares.use((request, response, next) => {
        const pathname = new URL(request.url ?? '/', 'http://localhost').pathname;
        if (pathname !== '/' && pathname !== '/index.html') return next();
        server
          .transformIndexHtml('/index.html', page(), request.originalUrl)
          .then((html) => {
            response.setHeader('Content-Type', 'text/html; charset=utf-8');
            response.end(html);
          })
          .catch(next);
      });
    },
  };
}

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
      standalonePage(remote),
      runtimeCoreFromHost(),
      exactManifestAssets(exposes),
      precompress(),
      verifySharedTreeShaking(),
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

/**
 * Vite config of a remote's server render (issue 6): one ES module, `dist/server/render.mjs`, beside
 * the remote's client build, which the shell's server loads to render the remote's pages into the
 * document. What must be one instance at run time (React, the router, i18next, shared-contracts and
 * every other package) stays an import, resolved where the shell's server runs; styles are the
 * client build's (the server links them), so CSS imports are empty here.
 */
export function defineRemoteServerConfig(entry: string): UserConfig {
  const noStyles: Plugin = {
    name: 'scholars-server-render-no-styles',
    enforce: 'pre',
    load(id) {
      return id.split('?')[0]?.endsWith('.css') ? '' : null;
    },
  };
  return defineConfig({
    plugins: [noStyles, react()],
    ssr: { external: true },
    build: {
      ssr: entry,
      outDir: 'dist/server',
      emptyOutDir: true,
      target: 'node20',
      sourcemap: false,
      rollupOptions: {
        // A workspace package is bundled by default (it is not under node_modules): not this one.
        external: [/^@scholars\/shared-contracts(\/|$)/],
        output: { entryFileNames: 'render.mjs', inlineDynamicImports: true },
      },
    },
  });
}
