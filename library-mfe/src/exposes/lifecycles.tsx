// single-spa lifecycles: mount this remote alone on any HTML page (see README).
import css from '../index.css?inline';
import * as contracts from '@scholars/shared-contracts';
import { createRemoteLifecycles } from '@scholars/shared-contracts/embedding';
import type { Locale } from '@scholars/shared-contracts/locale';
import { NAMESPACE, resources } from '../i18n';
import { consoleResources } from '../i18n/console';
import { LibraryList } from '../pages/LibraryList';
import { LibraryDetails } from '../pages/LibraryDetails';
import { LazyResearchExchange as ResearchExchange } from '../pages/LazyResearchExchange';
import { ReviewQueue } from '../pages/admin/ReviewQueue';
import { SupervisorConsole } from '../pages/admin/SupervisorConsole';
import { ReviewSubmission } from '../pages/admin/ReviewSubmission';

// The operator screens' texts are the console's (the shell's ./admin registers them when it loads):
// embedded alone, they come with the routes below.
const withConsole = (locale: Locale) => ({
  ...resources[locale],
  ...consoleResources[locale],
  admin: { ...resources[locale].admin, ...consoleResources[locale].admin },
});

export const { bootstrap, mount, unmount, update } = createRemoteLifecycles({
  css,
  contracts,
  routes: [
    { path: '/research-library', Component: LibraryList },
    { path: '/research-library/:id', Component: LibraryDetails },
    { path: '/research-exchange', Component: ResearchExchange },
    // The operator screens (the API checks the roles; embedded alone there is no /admin frame).
    { path: '/admin/review', Component: ReviewQueue },
    { path: '/admin/supervision', Component: SupervisorConsole },
    { path: '/admin/research/:id', Component: ReviewSubmission },
  ],
  translations: { namespace: NAMESPACE, resources: { en: withConsole('en'), ar: withConsole('ar') } },
});
