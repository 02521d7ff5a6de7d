import * as contracts from '@scholars/shared-contracts';
import { collectSingletons, type Singletons } from '@scholars/shared-contracts/diagnostics';
import { loadExposed } from './remote-registry';

declare global {
  interface Window {
    __scholars?: {
      shell: Singletons;
      remote: (name: string) => Promise<Singletons>;
    };
  }
}

/** Lets the e2e suite compare the shell's shared singletons with each remote's (no data inside). */
export function publishDiagnostics() {
  window.__scholars = {
    shell: collectSingletons(contracts),
    remote: async (name) => {
      const module = (await loadExposed(name, 'diagnostics')) as unknown as { collectSingletons: () => Singletons };
      return module.collectSingletons();
    },
  };
}
