// The shared singletons as this remote sees them (compared with the shell's by the e2e suite).
import * as contracts from '@scholars/shared-contracts';
import { collectSingletons as collect } from '@scholars/shared-contracts/diagnostics';

export const collectSingletons = () => collect(contracts);
