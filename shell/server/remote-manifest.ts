import { readFile, stat } from 'node:fs/promises';
import { defaultPorts } from '@scholars/shared-contracts/federation';
import { REMOTES } from '@scholars/shared-contracts/routes';

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

/** Manifest from env (REMOTE_<NAME>_URL = base URL of that remote), defaulting to local ports. */
export function manifestFromEnv(env: NodeJS.ProcessEnv = process.env, host = '127.0.0.1'): RemoteManifest {
  return {
    remotes: REMOTES.map((name) => {
      const base = env[`REMOTE_${name.toUpperCase()}_URL`] ?? `http://${host}:${defaultPorts[name]}/`;
      return { name, entry: new URL('mf-manifest.json', base.endsWith('/') ? base : `${base}/`).href };
    }),
  };
}

/** What the server reads of a remote's federation manifest (mf-manifest.json). */
export interface FederationManifest {
  exposes?: Array<{ path: string; assets?: { js?: { sync?: string[] }; css?: { sync?: string[] } } }>;
  metaData?: { remoteEntry?: { name?: string; path?: string }; publicPath?: string };
}

const FEDERATION_MANIFEST_TTL_MS = 30_000;
const federationManifests = new Map<string, { at: number; value: Promise<FederationManifest | null> }>();

/** A remote's federation manifest (kept 30 s), or null when it does not answer within 1.5 s. */
export async function federationManifest(url: string): Promise<FederationManifest | null> {
  const cached = federationManifests.get(url);
  if (cached && Date.now() - cached.at < FEDERATION_MANIFEST_TTL_MS) return cached.value;
  const value = fetch(url, { signal: AbortSignal.timeout(1500) })
    .then((response) => (response.ok ? (response.json() as Promise<FederationManifest>) : null))
    .catch(() => null);
  federationManifests.set(url, { at: Date.now(), value });
  return value;
}

/**
 * Where a remote's files are, from its runtime manifest entry: the federation manifest's
 * publicPath, or, when that is "auto" (or the entry is a remoteEntry.js), the entry's own folder,
 * as the federation runtime resolves them in the browser.
 */
export function remoteFilesBase(entry: string, meta: FederationManifest | null): string {
  const publicPath = meta?.metaData?.publicPath;
  return publicPath && publicPath !== 'auto' ? new URL(publicPath, entry).href : new URL('./', entry).href;
}
