// single-spa lifecycles: mount this remote alone on any HTML page (see README).
import css from '../index.css?inline';
import * as contracts from '@scholars/shared-contracts';
import { createRemoteLifecycles } from '@scholars/shared-contracts/embedding';
import { NAMESPACE, resources } from '../i18n';
import { CommunityList } from '../pages/CommunityList';
import { LazyCommunityDetails as CommunityDetails } from '../pages/LazyCommunityDetails';
import { CommunityCarousel } from '../widgets/CommunityCarousel';

export const { bootstrap, mount, unmount, update } = createRemoteLifecycles({
  css,
  contracts,
  routes: [
    { path: '/research-community', Component: CommunityList },
    { path: '/community/:id', Component: CommunityDetails },
    { path: '/community', Component: CommunityList },
    // The home page's slider alone (initialPath '/widgets/community-carousel').
    { path: '/widgets/community-carousel', Component: CommunityCarousel },
  ],
  translations: { namespace: NAMESPACE, resources },
});
