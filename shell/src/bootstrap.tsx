import { StrictMode, startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import i18next from 'i18next';
import { apiClient, applyDocumentLocale, configureApi, ensureI18n, eventBus, getStoredLocale, PRELOADED_DATA_ELEMENT_ID, setPreloadedData, type PreloadedPage } from '@scholars/shared-contracts';
import { addStartTexts } from './i18n/start-texts';
import { startTheme } from './features/theme/theme';
import { applyLocaleFromUrl } from './features/language/url-locale';
import { App } from './app/App';
import { publishDiagnostics } from './app/remote/diagnostics';
import { PAGE_COOKIES, writePageCookie } from './lib/page-cookies';
import { setServerRenderedArea } from './app/remote/server-rendered';
import { liftInert } from './lib/inert';
import './index.css';

// The shell initialises the one shared i18next instance; remotes only add their namespaces.
// The language the server rendered the page in, before the app applies its own.
const servedLocale = document.documentElement.lang;
applyLocaleFromUrl();
const locale = getStoredLocale(localStorage);
ensureI18n(i18next, locale);
// The shell's texts of every page, both languages: the first render has them, a switch fetches nothing.
addStartTexts(i18next);
applyDocumentLocale(locale);
// The server renders the next page in this language before any script runs.
writePageCookie(PAGE_COOKIES.language, locale);
eventBus.on('locale:changed', ({ locale: next }) => writePageCookie(PAGE_COOKIES.language, next));
startTheme();
configureApi({ baseURL: '/api', filesBase: '/files/' });
// The API client's code comes with its first call (a page whose data came with it needs none). A
// reader's first tap or key usually comes shortly before a call (a form, a remote's page): start
// fetching it then, so that call does not wait for it. (Not on focus: the ads dialog takes it by itself.)
for (const type of ['pointerdown', 'keydown'] as const) {
  addEventListener(type, () => void apiClient.preload(), { once: true, passive: true, capture: true });
}
publishDiagnostics();

// The server prerendered the first screen of the home and about pages (app/prerender.tsx): hydrate
// it when it is in this visitor's language; otherwise (the page cookie and localStorage disagree,
// an unusual case) render afresh over it.
const container = document.getElementById('root')!;
const app = (
  <StrictMode>
    <App />
  </StrictMode>
);
if (container.firstElementChild && servedLocale === locale) {
  // The data the page was rendered with (the shell's public reads; a remote page's area and data),
  // so that the first render here is the same (lib/use-public-data.ts, app/remote/RemoteArea.tsx,
  // shared-contracts server-render.ts).
  const preloaded = document.getElementById(PRELOADED_DATA_ELEMENT_ID)?.textContent;
  if (preloaded) {
    const page = JSON.parse(preloaded) as PreloadedPage;
    if (page.area) setServerRenderedArea({ area: page.area });
    setPreloadedData(page.data);
  }
  // The server's inert marks are not React's: lift them, or hydration would keep them. A remote
  // area's controls stay inert until its own code has hydrated them (RemoteArea).
  liftInert(container, (element) => element.closest('[data-remote]') !== null);
  // Hydrating in a transition lets React do it in slices, yielding to the browser between them,
  // instead of in one long task on a slow phone (React Router's own entry does the same); an
  // interaction meanwhile hydrates its part first.
  startTransition(() => {
    hydrateRoot(container, app);
  });
} else {
  createRoot(container).render(app);
}
