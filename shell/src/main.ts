import { registerManifest, type RemoteManifestEntry } from './app/remote/remote-registry';
import { REMOTES_META } from './lib/page-meta';

/**
 * The manifest the server put in the page (the same as /remotes.json for this request: no extra
 * round trip before the app starts), else /remotes.json itself (the Vite dev server).
 */
async function readManifest(): Promise<{ remotes: RemoteManifestEntry[] }> {
  const inPage = document.querySelector<HTMLMetaElement>(`meta[name="${REMOTES_META}"]`)?.content;
  if (inPage) return JSON.parse(inPage) as { remotes: RemoteManifestEntry[] };
  const response = await fetch('/remotes.json', { cache: 'no-store' });
  return (await response.json()) as { remotes: RemoteManifestEntry[] };
}

// Remote URLs are read at run time (never baked into the build): editing /remotes.json and
// reloading moves the shell to other remote builds.
async function start() {
  try {
    const manifest = await readManifest();
    registerManifest(manifest.remotes);
  } catch (error) {
    // The shell still runs; each remote area shows its own fallback.
    console.error('Could not read the remote manifest', error);
  }
  await import('./bootstrap');
}

void start();
