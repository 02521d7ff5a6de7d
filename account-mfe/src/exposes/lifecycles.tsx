// single-spa lifecycles: mount this remote alone on any HTML page (see README).
import css from '../index.css?inline';
import * as contracts from '@scholars/shared-contracts';
import { createRemoteLifecycles } from '@scholars/shared-contracts/embedding';
import { NAMESPACE, resources } from '../i18n';
import { Profile } from '../pages/Profile';
import { UserProfile } from '../pages/UserProfile';
import { Billing } from '../pages/Billing';
import { PricingSection } from '../widgets/PricingSection';

export const { bootstrap, mount, unmount, update } = createRemoteLifecycles({
  css,
  contracts,
  routes: [
    { path: '/profile', Component: Profile },
    { path: '/user-profile/:id', Component: UserProfile },
    { path: '/billing', Component: Billing },
    { path: '/pricing', Component: PricingSection },
  ],
  translations: { namespace: NAMESPACE, resources },
});
