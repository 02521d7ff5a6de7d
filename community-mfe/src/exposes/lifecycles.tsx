// single-spa lifecycles: mount this remote alone on any HTML page (see README).
import css from '../index.css?inline';
import * as contracts from '@scholars/shared-contracts';
import { createRemoteLifecycles } from '@scholars/shared-contracts/embedding';
import { NAMESPACE, resources } from '../i18n';
import { CommunityList } from '../pages/CommunityList';
import { CommunityDetails } from '../pages/CommunityDetails';

export const { bootstrap, mount, unmount, update } = createRemoteLifecycles({
  css,
  contracts,
  routes: [
    { path: '/research-community', Component: CommunityList },
    { path: '/community/:id', Component: CommunityDetails },
    { path: '/community', Component: CommunityList },
  ],
  translations: { namespace: NAMESPACE, resources },
});
