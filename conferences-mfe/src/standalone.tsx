// This remote's own dev page: mounted alone through its lifecycles, the way an integrator would.
// Query: ?locale=ar&theme=dark&api=http://127.0.0.1:3000/api&path=/conferences/1
import { mountStandalone } from '@scholars/shared-contracts/embedding';
import * as lifecycles from './exposes/lifecycles';

await mountStandalone(lifecycles, { name: 'conferences-standalone', initialPath: '/conferences/1' });
