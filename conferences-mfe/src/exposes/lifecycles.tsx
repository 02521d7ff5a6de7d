// single-spa lifecycles: mount this remote alone on any HTML page (see README).
import css from '../index.css?inline';
import * as contracts from '@scholars/shared-contracts';
import { createRemoteLifecycles } from '@scholars/shared-contracts/embedding';
import { NAMESPACE, resources } from '../i18n';
import { ConferenceList } from '../pages/ConferenceList';
import { ConferenceDetails } from '../pages/ConferenceDetails';
import { LazyRequestConference as RequestConference } from '../pages/LazyRequestConference';

export const { bootstrap, mount, unmount, update } = createRemoteLifecycles({
  css,
  contracts,
  routes: [
    { path: '/conferences/:id', Component: ConferenceList },
    { path: '/conference/:id', Component: ConferenceDetails },
    { path: '/request-conference', Component: RequestConference },
  ],
  translations: { namespace: NAMESPACE, resources },
});
