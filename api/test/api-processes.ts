/**
 * Real API processes (`src/server.ts`) for the tests that need more than one, or a crash: each on a
 * free port of 127.0.0.1, with the test environment plus `env`, ready when /api/health answers 200.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { createHmac, randomBytes } from 'node:crypto';
import { createServer, type AddressInfo } from 'node:net';
import { API_ROOT } from '../src/config';

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

export interface ApiProcess {
  child: ChildProcess;
  url: string;
  output: string[];
  exited: Promise<void>;
  /** From spawn to the first 200 of /api/health. */
  startMs: number;
}

/** Starts an API process; `env` wins over the defaults (NODE_ENV=test, quiet logs, a high request limit). */
export async function startApi(env: Record<string, string>, { timeoutMs = 90_000 } = {}): Promise<ApiProcess> {
  const port = await freePort();
  const output: string[] = [];
  const started = performance.now();
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server.ts'], {
    cwd: API_ROOT,
    env: {
      ...process.env,
      NODE_ENV: 'test',
      LOG_LEVEL: 'warn',
      HOST: '127.0.0.1',
      PORT: String(port),
      RATE_LIMIT_MAX: '100000',
      JWT_SECRET: randomBytes(32).toString('hex'),
      COOKIE_SECRET: randomBytes(32).toString('hex'),
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout!.on('data', (chunk: Buffer) => output.push(chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => output.push(chunk.toString()));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`API process exited (${child.exitCode}): ${output.join('')}`);
    try {
      if ((await fetch(`${url}/api/health`, { signal: AbortSignal.timeout(1_000) })).status === 200) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`API process did not start: ${output.join('')}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return { child, url, output, exited, startMs: performance.now() - started };
}

/** SIGTERM, then SIGKILL after 10 s. */
export async function stopApi(api: ApiProcess | undefined): Promise<void> {
  if (!api || api.child.exitCode !== null) return;
  api.child.kill('SIGTERM');
  await Promise.race([api.exited, new Promise((resolve) => setTimeout(resolve, 10_000))]);
  if (api.child.exitCode === null) api.child.kill('SIGKILL');
}

/** An HS256 access token as the API issues them (`sub`, `sid`: a live session, `typ: 'access'`), signed with `secret`. */
export function accessToken(secret: string, userId: number, sessionId: string): string {
  const encode = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
  const now = Math.floor(Date.now() / 1000);
  const body = `${encode({ alg: 'HS256', typ: 'JWT' })}.${encode({ sub: String(userId), sid: sessionId, typ: 'access', iat: now, exp: now + 900 })}`;
  return `${body}.${createHmac('sha256', secret).update(body).digest('base64url')}`;
}
