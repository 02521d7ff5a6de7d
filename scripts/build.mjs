// Builds every workspace that has a build script, in the root package's order. A workspace whose
// build stopped on a federation tree-shaking check (`verifySharedTreeShaking`: the plugin now and
// then writes a shared module's copy without its code) is built again, up to three times; any
// other failure stops at once.
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';

const root = new URL('..', import.meta.url);
const { workspaces } = JSON.parse(readFileSync(new URL('package.json', root), 'utf8'));
const withBuild = workspaces.filter((name) => JSON.parse(readFileSync(new URL(`${name}/package.json`, root), 'utf8')).scripts?.build);
const RETRYABLE = "the federation plugin's build went wrong";
const ATTEMPTS = 3;

function build(workspace) {
  return new Promise((resolve) => {
    const child = spawn('npm', ['run', 'build', '-w', workspace], { cwd: root, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    const tee = (target) => (chunk) => {
      output += chunk;
      target.write(chunk);
    };
    child.stdout.on('data', tee(process.stdout));
    child.stderr.on('data', tee(process.stderr));
    child.on('close', (code) => resolve({ code, retryable: output.includes(RETRYABLE) }));
  });
}

for (const workspace of withBuild) {
  for (let attempt = 1; ; attempt += 1) {
    const { code, retryable } = await build(workspace);
    if (code === 0) break;
    if (!retryable || attempt === ATTEMPTS) {
      console.error(`build ${workspace}: failed${retryable ? ` ${ATTEMPTS} times on the tree-shaking check` : ''}`);
      process.exit(code ?? 1);
    }
    console.error(`build ${workspace}: the tree-shaking check stopped attempt ${attempt}; building it again`);
  }
}
