import { readFile } from 'node:fs/promises';
import { defaultPorts } from '@scholars/shared-contracts/federation';

export interface RemoteManifest {
  remotes: Array<{ name: string; entry: string }>;
}

/** Either a JSON file re-read on every request (edit it to move the shell), or fixed entries. */
export type RemoteManifestSource = { file: string } | { manifest: RemoteManifest };

export async function readRemoteManifest(source: RemoteManifestSource): Promise<RemoteManifest> {
  if ('manifest' in source) return source.manifest;
  return JSON.parse(await readFile(source.file, 'utf8')) as RemoteManifest;
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
