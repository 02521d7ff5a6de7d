// Type-checks every package with its own tsconfig (DOM for front ends, Node for the API),
// two at a time to match the 2-core machines we run on.
import { spawn } from 'node:child_process';

const packages = ['shared-contracts', 'api', 'shell', 'conferences-mfe', 'community-mfe', 'library-mfe', 'account-mfe', 'e2e'];
const tsc = new URL('../node_modules/typescript/bin/tsc', import.meta.url).pathname;

function check(pkg) {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [tsc, '-p', pkg, '--pretty'], { stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    child.stdout.on('data', (d) => (out += d));
    child.stderr.on('data', (d) => (out += d));
    child.on('close', (code) => resolve({ pkg, code, out }));
  });
}

const queue = [...packages];
let failed = false;
async function worker() {
  while (queue.length) {
    const result = await check(queue.shift());
    console.log(`typecheck ${result.pkg}: ${result.code === 0 ? 'ok' : 'FAILED'}`);
    if (result.code !== 0) {
      failed = true;
      console.log(result.out);
    }
  }
}
await Promise.all([worker(), worker()]);
process.exit(failed ? 1 : 0);
