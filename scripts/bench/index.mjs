#!/usr/bin/env node
/**
 * `npm run bench`: every benchmark of the project in one run on this machine, each section printing
 * its own tables with the target beside each figure, then one summary of the targets.
 * Not a test: nothing here fails the build; it prints figures to compare against their baselines
 * (hello-world for the API, the budgets and Lighthouse targets for the front end).
 *
 *   npm run bench                               # api, lists, frontend, chat, frontdoor (this one on --database-url only)
 *   npm run bench -- --only api,chat            # some sections
 *   npm run bench -- --database-url postgres://...  # API and chat on PostgreSQL instead of PGlite
 *
 * `lists` is the API's list and search calls at 100,000 conferences and 100,000 research (issue 24):
 * api.mjs --rows 100000 --only paginate. On PostgreSQL the data set stays in the named database,
 * so a second run builds only what is missing; the 1,000,000-research one goes into a database of
 * its own: `node scripts/bench/api.mjs --rows 100000 --research-rows 1000000 --only research-community
 * --database-url postgres://.../<its database>`.
 *
 * Contract with a section script: it runs alone (`node scripts/bench/<section>.mjs`), prints its own
 * tables, and with `--json <file>` also writes { section, targets: [{ name, figure, target, met }] }.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';

const here = path.dirname(fileURLToPath(import.meta.url));
const { values: args } = parseArgs({
  options: {
    only: { type: 'string', default: 'api,lists,frontend,chat,frontdoor' },
    'database-url': { type: 'string' },
  },
});

const sections = {
  api: { script: 'api.mjs', args: [] },
  lists: { script: 'api.mjs', args: ['--rows', '100000', '--only', 'paginate'] },
  frontend: { script: 'frontend.mjs', args: [] },
  chat: { script: 'chat-fanout.mjs', args: [] },
  // The production topology on PostgreSQL: skipped (with a line) without --database-url.
  frontdoor: { script: 'front-door.mjs', args: [] },
};
const dbArgs = args['database-url'] ? ['--database-url', args['database-url']] : [];
const workDir = mkdtempSync(path.join(tmpdir(), 'scholars-bench-'));
const summary = [];

for (const name of args.only.split(',').map((s) => s.trim()).filter(Boolean)) {
  const section = sections[name];
  if (!section) {
    console.error(`Unknown section "${name}" (known: ${Object.keys(sections).join(', ')})`);
    process.exitCode = 2;
    continue;
  }
  const json = path.join(workDir, `${name}.json`);
  console.log(`\n=== ${name} ===`);
  const withDb = name === 'frontend' ? [] : dbArgs;
  const run = spawnSync(process.execPath, [path.join(here, section.script), ...section.args, ...withDb, '--json', json], {
    stdio: 'inherit',
  });
  if (run.status !== 0) console.error(`[bench] section ${name} exited with ${run.status ?? run.signal}`);
  if (existsSync(json)) {
    const result = JSON.parse(readFileSync(json, 'utf8'));
    for (const t of result.targets ?? []) summary.push({ section: name, ...t });
  }
}

if (summary.length > 0) {
  console.log('\n=== Targets ===');
  console.table(summary.map((t) => ({ section: t.section, measure: t.name, figure: t.figure, target: t.target, met: t.met ? 'yes' : 'NO' })));
  const met = summary.filter((t) => t.met).length;
  console.log(`${met} of ${summary.length} targets met.`);
  // Rows the bench adds beyond the list (the API's uncached reads) carry the same targets
  // but are counted apart, so the issue's own figure stays readable.
  const ours = summary.filter((t) => t.ours);
  if (ours.length > 0) {
    const named = summary.filter((t) => !t.ours);
    console.log(
      `  the issue's calls and pages: ${named.filter((t) => t.met).length} of ${named.length}; ` +
        `our additional rows (API reads that miss the cache): ${ours.filter((t) => t.met).length} of ${ours.length}.`,
    );
  }
}
