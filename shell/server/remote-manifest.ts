import { readFile, stat } from 'node:fs/promises';
import { defaultPorts } from '@scholars/shared-contracts/federation';

export interface RemoteManifest {
  remotes: Array<{ name: string; entry: string }>;
}

/** Either a JSON file re-read on every request (edit it to move the shell), or fixed entries. */
export type RemoteManifestSource = { file: string } | { manifest: RemoteManifest };

const parsed = new Map<string, { mtimeMs: number; size: number; manifest: RemoteManifest }>();

/** The manifest as it is now: a file is re-parsed whenever it changed on disk (mtime or size). */
export async function readRemoteManifest(source: RemoteManifestSource): Promise<RemoteManifest> {
  if ('manifest' in source) return source.manifest;
  const { mtimeMs, size } = await stat(source.file);
  const known = parsed.get(source.file);
  if (known && known.mtimeMs === mtimeMs && known.size === size) return known.manifest;
  const manifest = JSON.parse(await readFile(source.file, 'utf8')) as RemoteManifest;
  parsed.set(source.file, { mtimeMs, size, manifest });
  return manifest;
}

export function remoteOrigins(manifest: RemoteManifest): string[] {
  const origins = new Set<string>();
  for (const remote of manifest.remotes) {
    try {
      origins.add(new URL(remote.entry).origin);
    } catch {
      // a relative entry is same-origin: 'self' covers it
    }
  }
  return [...origins];
}

const REMOTE_NAMES = ['conferences', 'community', 'library', 'account'] as const;

/** Manifest from env (REMOTE_<NAME>_URL = base URL of that remote), defaulting to local ports. */
export function manifestFromEnv(env: NodeJS.ProcessEnv = process.env, host = '127.0.0.1'): RemoteManifest {
  return {
    remotes: REMOTE_NAMES.map((name) => {
      const base = env[`REMOTE_${name.toUpperCase()}_URL`] ?? `http://${host}:${defaultPorts[name]}/`;
      return { name, entry: new URL('mf-manifest.json', base.endsWith('/') ? base : `${base}/`).href };
    }),
  };
}
