// single-spa lifecycles: mount this remote alone on any HTML page (see README).
import css from '../index.css?inline';
import * as contracts from '@scholars/shared-contracts';
import { createRemoteLifecycles } from '@scholars/shared-contracts/embedding';
import { NAMESPACE, resources } from '../i18n';
import { LibraryList } from '../pages/LibraryList';
import { LibraryDetails } from '../pages/LibraryDetails';
import { LazyResearchExchange as ResearchExchange } from '../pages/LazyResearchExchange';

export const { bootstrap, mount, unmount, update } = createRemoteLifecycles({
  css,
  contracts,
  routes: [
    { path: '/research-library', Component: LibraryList },
    { path: '/research-library/:id', Component: LibraryDetails },
    { path: '/research-exchange', Component: ResearchExchange },
  ],
  translations: { namespace: NAMESPACE, resources },
});
