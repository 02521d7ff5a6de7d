/**
 * Build side of the one-language texts (locale-texts.ts). index.html gets a meta naming each
 * language's chunk (texts.en.ts, texts.ar.ts, kept out of the start chunks by vite.config.ts), and
 * the page's entry imports the chunk of the visitor's language before the app starts, leaving it in
 * a global (ENTRY_TEXTS_GLOBAL) that bootstrap reads synchronously: the first render (and the
 * hydration of the prerendered page) has its texts, with no await in the app's own modules (a
 * top-level await there makes Rolldown split the shared modules' glue into a chain of small chunks).
 * The entry runs this after the paint gate, when the start chunks are already being fetched: the
 * small texts chunk comes alongside them. The language is found as bootstrap finds it: `?lang=`
 * (url-locale.ts), else the stored `current_language`, else English.
 * Used by vite.config.ts only (never in the browser bundle).
 */
import type { Plugin } from 'vite';
import { ENTRY_TEXTS_GLOBAL, ENTRY_LANGUAGE_KEY, LOCALE_TEXTS_META, PAGE_TEXTS_META } from './entry-texts';

/** The per-language modules (vite.config.ts keeps their chunks out of the start chunks). */
export const LOCALE_TEXTS_MODULE = /\/shell\/src\/i18n\/texts\.(en|ar)\.ts$/;
/** The per-language page texts (locale-texts.ts loads them; the server may announce them). */
export const PAGE_TEXTS_MODULE = /\/shell\/src\/i18n\/page-texts\.(en|ar)\.ts$/;

/** The entry's step: `chunkUrl` is an expression of `lang` giving the URL of that language's texts. */
const load = (chunkUrl: string) => `await (async () => {
  const known = (value) => {
    const code = String(value || '').trim().toLowerCase().split(/[-_,;]/)[0];
    return code === 'ar' || code === 'en' ? code : null;
  };
  let lang = known(new URLSearchParams(location.search).get('lang'));
  if (!lang) {
    try {
      lang = known(localStorage.getItem(${JSON.stringify(ENTRY_LANGUAGE_KEY)}));
    } catch {
      // storage unavailable
    }
  }
  lang = lang || 'en';
  const url = ${chunkUrl};
  if (!url) return;
  try {
    const module = await import(/* @vite-ignore */ url);
    globalThis[${JSON.stringify(ENTRY_TEXTS_GLOBAL)}] = { [lang]: module.texts };
  } catch {
    // the app loads them itself (locale-texts.ts)
  }
})();
`;

/** In the build: the chunk named by index.html's meta. */
const BUILD_URL = `(() => {
    const meta = document.querySelector('meta[name="${LOCALE_TEXTS_META}"]');
    const pair = meta ? meta.content.split(' ').find((item) => item.startsWith(lang + '=')) : undefined;
    return pair ? pair.slice(lang.length + 1) : null;
  })()`;

/**
 * The entry's step (place it before paintBeforeStart in vite.config.ts, so that it runs after the
 * paint gate) and the meta in index.html; in dev, the same step at the top of main.ts.
 */
export function entryTexts(): Plugin[] {
  return [
    {
      name: 'scholars-entry-texts',
      apply: 'build',
      renderChunk(code, chunk) {
        if (!chunk.isEntry || !chunk.facadeModuleId?.endsWith('.html')) return null;
        return { code: load(BUILD_URL) + code, map: null };
      },
    },
    {
      name: 'scholars-entry-texts-dev',
      apply: 'serve',
      transform(code, id) {
        if (!id.endsWith('/shell/src/main.ts')) return null;
        return { code: load("'/src/i18n/texts.' + lang + '.ts'") + code, map: null };
      },
    },
    {
      name: 'scholars-entry-texts-meta',
      apply: 'build',
      enforce: 'post',
      generateBundle(_options, bundle) {
        const html = bundle['index.html'];
        if (!html || html.type !== 'asset') return;
        const pairs = (module: RegExp) =>
          Object.values(bundle)
            .flatMap((item) => {
              const match = item.type === 'chunk' && item.facadeModuleId ? module.exec(item.facadeModuleId) : null;
              return match ? [`${match[1]}=/${item.fileName}`] : [];
            })
            .sort()
            .join(' ');
        const metas = [`  <meta name="${LOCALE_TEXTS_META}" content="${pairs(LOCALE_TEXTS_MODULE)}">`, `  <meta name="${PAGE_TEXTS_META}" content="${pairs(PAGE_TEXTS_MODULE)}">`];
        html.source = String(html.source).replace('</head>', `${metas.join('\n')}\n  </head>`);
      },
    },
  ];
}
