// The shared singletons as this remote sees them (compared with the shell's by the e2e suite).
export { collectSingletons } from '@scholars/shared-contracts/diagnostics';
