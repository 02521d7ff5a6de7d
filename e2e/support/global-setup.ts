import { REMOTES } from '@scholars/shared-contracts/routes';
import { E2E_PORTS } from './stack';

/** The webServer check covers the shell and the API; also wait until every remote serves its manifest. */
export default async function globalSetup() {
  const deadline = Date.now() + 60_000;
  for (const name of REMOTES) {
    const url = `http://127.0.0.1:${E2E_PORTS[name]}/mf-manifest.json`;
    for (;;) {
      try {
        if ((await fetch(url)).ok) break;
      } catch {
        // not up yet
      }
      if (Date.now() > deadline) throw new Error(`remote ${name} did not start (${url})`);
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  }
}
