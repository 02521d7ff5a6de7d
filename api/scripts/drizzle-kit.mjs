#!/usr/bin/env node
/**
 * Runs drizzle-kit so that it finds drizzle-orm. npm installed drizzle-orm under api/node_modules
 * while drizzle-kit sits in the workspace root, and drizzle-kit loads drizzle-orm with both
 * `require` and `import()` from its own folder. This wrapper points both at api's copy:
 * NODE_PATH for `require`, a module resolve hook for `import()`.
 *
 *   node scripts/drizzle-kit.mjs generate
 */
import { spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const apiRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const require = createRequire(path.join(apiRoot, 'package.json'));
const kitBin = path.join(path.dirname(require.resolve('drizzle-kit')), 'bin.cjs');
const hook = path.join(apiRoot, 'scripts', 'resolve-drizzle-orm.mjs');

const result = spawnSync(process.execPath, ['--import', hook, kitBin, ...process.argv.slice(2)], {
  cwd: apiRoot,
  stdio: 'inherit',
  env: {
    ...process.env,
    NODE_PATH: [path.join(apiRoot, 'node_modules'), process.env.NODE_PATH].filter(Boolean).join(path.delimiter),
  },
});
process.exit(result.status ?? 1);
