import { buildShellServer, filesOriginsFromEnv, trustProxyOption } from './index';
import { manifestFromEnv } from './remote-manifest';
import { defaultPorts } from '@scholars/shared-contracts/federation';

const port = Number(process.env.PORT ?? defaultPorts.shell);
const host = process.env.HOST ?? '127.0.0.1';
const app = await buildShellServer({
  apiUrl: process.env.API_URL ?? `http://127.0.0.1:${defaultPorts.api}`,
  manifest: process.env.REMOTES_FILE ? { file: process.env.REMOTES_FILE } : { manifest: manifestFromEnv() },
  frameAncestors: process.env.FRAME_ANCESTORS?.split(/[\s,]+/).filter(Boolean),
  distDir: process.env.SHELL_DIST,
  filesOrigins: filesOriginsFromEnv(process.env),
  // Unset: no proxy is trusted (browsers reach the shell directly); see the README.
  trustProxy: trustProxyOption(process.env.TRUST_PROXY),
});
await app.listen({ port, host });
console.log(`shell on http://${host === '0.0.0.0' ? 'localhost' : host}:${port}`);
const stop = () => app.close().then(() => process.exit(0));
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
