import { registerManifest, type RemoteManifestEntry } from './app/remote/remote-registry';

// Remote URLs are read at run time (never baked into the build): editing /remotes.json and
// reloading moves the shell to other remote builds.
async function start() {
  try {
    const response = await fetch('/remotes.json', { cache: 'no-store' });
    const manifest = (await response.json()) as { remotes: RemoteManifestEntry[] };
    registerManifest(manifest.remotes);
  } catch (error) {
    // The shell still runs; each remote area shows its own fallback.
    console.error('Could not read the remote manifest', error);
  }
  await import('./bootstrap');
}

void start();
