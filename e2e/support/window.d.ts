import type { Singletons } from '@scholars/shared-contracts/diagnostics';

declare global {
  interface Window {
    /** Published by the shell (shell/src/app/remote/diagnostics.ts). */
    __scholars?: { shell: Singletons; remote: (name: string) => Promise<Singletons> };
  }
}
