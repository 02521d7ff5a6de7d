// This remote's own dev page: mounted alone through its lifecycles, the way an integrator would.
// Query: ?locale=ar&theme=dark&api=http://127.0.0.1:3000/api&path=/research-community
import { mountStandalone } from '@scholars/shared-contracts/embedding';
import * as lifecycles from './exposes/lifecycles';

await mountStandalone(lifecycles, { name: 'community-standalone', initialPath: '/research-community' });
