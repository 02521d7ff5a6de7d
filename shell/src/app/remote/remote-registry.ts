import { loadRemote, registerRemotes } from '@module-federation/runtime';
import type { ComponentType } from 'react';

export interface RemoteManifestEntry {
  name: string;
  entry: string;
}

let registered: RemoteManifestEntry[] = [];

/** Registers the remotes listed in the runtime manifest (never known at build time). */
export function registerManifest(remotes: RemoteManifestEntry[]) {
  registered = remotes;
  registerRemotes(remotes.map((remote) => ({ ...remote, type: 'module' })));
}

export type ExposedComponents = Record<string, ComponentType<Record<string, unknown>>>;

const loaded = new Map<string, Promise<ExposedComponents>>();

/**
 * Loads `<remote>/<expose>` once; a failure is not cached, and a retry re-registers the remote
 * (`force`) so a remote that came back up is fetched again instead of the failed attempt.
 */
export function loadExposed(remote: string, expose: string, retrying = false): Promise<ExposedComponents> {
  const key = `${remote}/${expose}`;
  if (retrying) {
    const entry = registered.find((candidate) => candidate.name === remote);
    if (entry) registerRemotes([{ ...entry, type: 'module' }], { force: true });
    loaded.delete(key);
  }
  let pending = loaded.get(key);
  if (!pending) {
    pending = loadRemote<ExposedComponents>(key).then((module) => {
      if (!module) throw new Error(`Remote module ${key} is empty`);
      return module;
    });
    pending.catch(() => loaded.delete(key));
    loaded.set(key, pending);
  }
  return pending;
}
