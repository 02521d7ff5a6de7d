#!/usr/bin/env node
/**
 * Front-end benchmark (issue 6, "Fast by design"): for /, /conferences/1, /conference/{id} and
 * /about, in English and Arabic, on the production builds served as separate origins:
 *
 *  1. a cold load in a fresh Chromium context (DevTools Network events): transfer bytes of JS, CSS,
 *     fonts and images (the compressed bodies), request count, sequential round trips before the
 *     first module of a remote origin and how many of them come after the shell's start chunks (the
 *     target: at most one), and on / the number of copies of each shared library and of
 *     the federation runtime that were fetched; then, on /, the page is scrolled down a screen at a
 *     time: what that fetched (the widgets come on approach) and the round trips to each remote's code;
 *     The pages behind sign-in (/research-community, /research-library, /profile) are loaded the
 *     same way by a subscribed reader made through the API (frontend-account.mjs): no target, printed
 *     to be compared from run to run, with whether zod was fetched;
 *  2. Lighthouse (mobile preset = its default config, simulated throttling): performance,
 *     accessibility, best practices, SEO, with LCP, TBT and CLS.
 *
 * Every figure is printed beside its target with whether it is met. Not a test: nothing fails.
 *
 *   node scripts/bench/frontend.mjs [--json <file>] [--no-lighthouse] [--pages /,/about] [--langs en] [--list] [--save-lhr dir]
 *
 * Builds first when a dist/ is missing; starts its own stack (`scripts/start.mjs --no-build`: shell
 * 8490, remotes 8491-8494, API 3490, fresh embedded database) and stops it (its process group) at
 * the end. The language of a run is chosen with `?lang=ar`, which the shell honours (and
 * advertises with hreflang alternates): Lighthouse resets storage, so a URL is the sound way.
 */
import { writeFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { chromium } from 'playwright-core';
import { BENCH_PORTS, REMOTE_ORIGINS, SHELL_URL, ensureBuilt, seededConferenceId, startStack } from './frontend-stack.mjs';
import { CHROMIUM_FLAGS, CHROMIUM_PATH, LIBRARY_MARKERS, coldLoad } from './frontend-network.mjs';
import { subscribedReaderStorage } from './frontend-account.mjs';

const { values: args } = parseArgs({
  options: {
    json: { type: 'string' },
    'no-lighthouse': { type: 'boolean', default: false },
    pages: { type: 'string' },
    langs: { type: 'string', default: 'en,ar' },
    list: { type: 'boolean', default: false },
    'save-lhr': { type: 'string' },
    // Measure a stack already running on the bench ports (while iterating on a build); not for `npm run bench`.
    running: { type: 'boolean', default: false },
  },
});

const REMOTE_NAMES = Object.fromEntries(Object.entries(BENCH_PORTS).map(([name, port]) => [`http://127.0.0.1:${port}`, name]));
const log = (...parts) => console.error('[bench:frontend]', ...parts);
const KiB = (bytes) => bytes / 1024;
const fmtKiB = (bytes) => KiB(bytes).toFixed(1);

// Targets of issue 6, in one place.
const TARGETS = {
  homeJsKiB: 180, // home page cold load: JavaScript in total, transfer (gzip/brotli) bytes
  // Each remote adds at most one sequential round trip to the shell's start: its entry and chunks come
  // with the shell's start chunks (preloaded with the document, or announced by the shell's entry
  // with its own start chunks), not after them.
  remoteRoundTripsAfterShellStart: 1,
  copies: 1, // each shared library and the federation runtime fetched once
  performance: 95,
  accessibility: 100,
  'best-practices': 95,
  seo: 95,
  lcpMs: 2000,
  tbtMs: 150,
  cls: 0.05,
};

/** Prints rows as an aligned text table. */
function table(title, rows) {
  if (rows.length === 0) return;
  const headers = Object.keys(rows[0]);
  const widths = headers.map((h) => Math.max(h.length, ...rows.map((row) => String(row[h]).length)));
  const line = (cells) => cells.map((cell, i) => String(cell).padEnd(widths[i])).join('  ');
  console.log(`\n${title}`);
  console.log(line(headers));
  console.log(widths.map((w) => '-'.repeat(w)).join('  '));
  for (const row of rows) console.log(line(headers.map((h) => row[h])));
}

const targets = [];
/** Records a target and returns the cell that shows it: "figure (target, met)". */
function check(name, figure, target, met, shown = String(figure)) {
  targets.push({ name, figure, target, met });
  return `${shown} ${met ? 'ok' : 'NO'} (${target})`;
}

async function main() {
  ensureBuilt();
  log(`starting the stack (shell ${BENCH_PORTS.shell}, remotes ${BENCH_PORTS.conferences}-${BENCH_PORTS.account}, API ${BENCH_PORTS.api})…`);
  const stack = args.running ? { stop: async () => {} } : await startStack();
  try {
    const conferenceId = await seededConferenceId();
    const allPages = ['/', '/conferences/1', `/conference/${conferenceId}`, '/about'];
    const wanted = args.pages ? args.pages.split(',').map((p) => p.trim()) : null;
    const pages = wanted ? allPages.filter((p) => wanted.some((w) => w === p || (w.startsWith('/conference/') && p.startsWith('/conference/')))) : allPages;
    // Pages behind sign-in (no target in the issue; their figures are printed so that they are
    // compared from run to run): opened by a subscribed reader, unless --pages leaves them out.
    const signedInPages = ['/research-community', '/research-library', '/profile'].filter((p) => !wanted || wanted.includes(p));
    const langs = args.langs.split(',').map((l) => l.trim()).filter(Boolean);
    const urlOf = (pagePath, lang) => `${SHELL_URL}${pagePath}${lang === 'en' ? '' : `?lang=${lang}`}`;

    // 1. Cold loads.
    const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_FLAGS });
    const loads = [];
    const signedInLoads = [];
    try {
      // One warm-up load so that the servers' first-request costs (JIT, file cache) stay out of the figures.
      await coldLoad(browser, urlOf('/', 'en'), { remoteOrigins: REMOTE_ORIGINS });
      for (const pagePath of pages) {
        for (const lang of langs) {
          const load = await coldLoad(browser, urlOf(pagePath, lang), { remoteOrigins: REMOTE_ORIGINS, withBodies: pagePath === '/', scrollThrough: pagePath === '/' });
          loads.push({ pagePath, lang, ...load });
          log(`cold load ${pagePath} ${lang}: ${load.requests} requests, JS ${fmtKiB(load.bytes.js)} KiB (html ${load.htmlLang})`);
          if (args.list) {
            for (const item of load.list) console.error(`  ${String(item.depth).padStart(2)} ${item.type.padEnd(8)} ${String(item.bytes).padStart(7)} ${item.encoding.padEnd(3)} ${item.status} ${item.url}`);
          }
        }
      }
      if (signedInPages.length > 0) {
        const storage = await subscribedReaderStorage(SHELL_URL);
        for (const pagePath of signedInPages) {
          for (const lang of langs) {
            const load = await coldLoad(browser, urlOf(pagePath, lang), { remoteOrigins: REMOTE_ORIGINS, withBodies: true, storage });
            signedInLoads.push({ pagePath, lang, ...load });
            log(`cold load ${pagePath} ${lang} (signed in): ${load.requests} requests, JS ${fmtKiB(load.bytes.js)} KiB`);
          }
        }
      }
    } finally {
      await browser.close();
    }

    table(
      'Cold load (fresh Chromium context; transfer bytes = compressed bodies, KiB)',
      loads.map((load) => {
        const isHome = load.pagePath === '/';
        const remoteCell =
          load.remoteAfterShellStart === null
            ? 'no remote'
            : `${load.firstRemoteDepth} / ${check(
                `${load.pagePath} ${load.lang}: round trips the remote's code comes after the shell's start`,
                load.remoteAfterShellStart,
                `<= ${TARGETS.remoteRoundTripsAfterShellStart}`,
                load.remoteAfterShellStart <= TARGETS.remoteRoundTripsAfterShellStart,
              )}`;
        return {
          page: load.pagePath,
          lang: load.lang,
          JS: isHome
            ? check(`${load.pagePath} ${load.lang}: JavaScript, KiB compressed`, Number(fmtKiB(load.bytes.js)), `<= ${TARGETS.homeJsKiB}`, KiB(load.bytes.js) <= TARGETS.homeJsKiB)
            : fmtKiB(load.bytes.js),
          CSS: fmtKiB(load.bytes.css),
          fonts: fmtKiB(load.bytes.font),
          images: fmtKiB(load.bytes.image),
          media: fmtKiB(load.bytes.media),
          'html+data': fmtKiB(load.bytes.document + load.bytes.data + load.bytes.other),
          requests: load.requests,
          'round trips: before 1st remote module / after the shell start': remoteCell,
          'script chain shell/remote': `${load.deepestShellScript}/${load.deepestRemoteScript || '-'}`,
        };
      }),
    );

    table(
      'Signed-in pages, cold load by a subscribed reader (no target in the issue; compare run to run; KiB)',
      signedInLoads.map((load) => ({
        page: load.pagePath,
        lang: load.lang,
        JS: fmtKiB(load.bytes.js),
        CSS: fmtKiB(load.bytes.css),
        images: fmtKiB(load.bytes.image),
        'html+data': fmtKiB(load.bytes.document + load.bytes.data + load.bytes.other),
        requests: load.requests,
        'zod fetched': (load.copies.zod?.length ?? 0) > 0 ? 'yes' : 'no',
      })),
    );

    const homeLoads = loads.filter((load) => load.pagePath === '/');
    // The home page's widgets come as the reader approaches them: what scrolling down fetched, and
    // how many sequential round trips each remote's code took from that moment (not a target of the
    // issue, which counts round trips at start; shown so the cost of coming late stays visible).
    table(
      'Home page, scrolled down a screen at a time after the load (the widgets mount on approach)',
      homeLoads.filter((load) => load.approach).map((load) => ({
        lang: load.lang,
        'JS fetched, KiB': fmtKiB(load.approach.jsBytes),
        requests: load.approach.requests,
        ...Object.fromEntries(Object.entries(load.approach.roundTripsByRemote).map(([origin, depth]) => [`round trips to ${REMOTE_NAMES[origin] ?? origin} code`, depth ?? '-'])),
      })),
    );
    if (homeLoads.length > 0) {
      table(
        'Copies fetched on a cold load of / (each shared library and the federation runtime)',
        Object.keys(LIBRARY_MARKERS).map((name) => ({
          library: name,
          ...Object.fromEntries(
            homeLoads.map((load) => {
              const count = load.copies[name]?.length ?? 0;
              return [load.lang, check(`/ ${load.lang}: copies of ${name} fetched`, count, `== ${TARGETS.copies}`, count === TARGETS.copies)];
            }),
          ),
        })),
      );
    }

    // 2. Lighthouse.
    if (!args['no-lighthouse']) {
      const { runLighthouse } = await import('./frontend-lighthouse.mjs');
      const rows = [];
      for (const pagePath of pages) {
        for (const lang of langs) {
          const url = urlOf(pagePath, lang);
          log(`Lighthouse ${pagePath} ${lang}…`);
          let result;
          // Lighthouse now and then fails to record a trace (NO_NAVSTART, NO_FCP) on a busy machine:
          // one more try before the page is reported as missing.
          for (let attempt = 1; attempt <= 2 && !result; attempt += 1) {
            try {
              result = await runLighthouse(url);
            } catch (error) {
              log(`Lighthouse failed on ${url} (attempt ${attempt} of 2): ${error.message}`);
            }
          }
          if (!result) {
            // A page with no measure is a target not met, never a target left out of the summary.
            rows.push({ page: pagePath, lang, performance: check(`${pagePath} ${lang}: Lighthouse performance`, null, `>= ${TARGETS.performance}`, false, 'no result') });
            continue;
          }
          if (args['save-lhr']) writeFileSync(`${args['save-lhr']}/${pagePath.replace(/\W+/g, '_')}-${lang}.json`, JSON.stringify(result.lhr));
          if (result.failing.length > 0) log(`  findings: ${result.failing.join('; ')}`);
          const name = `${pagePath} ${lang}: Lighthouse`;
          const score = (category, op) => {
            const value = result.scores[category];
            const target = TARGETS[category];
            return check(`${name} ${category}`, value, `${op} ${target}`, op === '==' ? value === target : value >= target);
          };
          rows.push({
            page: pagePath,
            lang,
            performance: score('performance', '>='),
            accessibility: score('accessibility', '=='),
            'best practices': score('best-practices', '>='),
            SEO: score('seo', '>='),
            LCP: check(`${name} LCP, s`, Number((result.lcpMs / 1000).toFixed(2)), `<= ${TARGETS.lcpMs / 1000} s`, result.lcpMs <= TARGETS.lcpMs, `${(result.lcpMs / 1000).toFixed(2)} s`),
            TBT: check(`${name} TBT, ms`, Math.round(result.tbtMs), `<= ${TARGETS.tbtMs} ms`, result.tbtMs <= TARGETS.tbtMs, `${Math.round(result.tbtMs)} ms`),
            CLS: check(`${name} CLS`, Number(result.cls.toFixed(3)), `<= ${TARGETS.cls}`, result.cls <= TARGETS.cls, result.cls.toFixed(3)),
          });
        }
      }
      table('Lighthouse, mobile preset (simulated slow 4G, 4x CPU slowdown): figure, met, (target)', rows);
    }

    const met = targets.filter((t) => t.met).length;
    console.log(`\nFront end: ${met} of ${targets.length} targets met.`);
    if (args.json) writeFileSync(args.json, JSON.stringify({ section: 'frontend', targets }, null, 2));
  } finally {
    await stack.stop();
  }
}

main().catch((error) => {
  console.error(error);
  process.exitCode = 1;
});
