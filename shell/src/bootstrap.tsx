import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import i18next from 'i18next';
import { addRemoteResources, applyDocumentLocale, configureApi, ensureI18n, eventBus, getStoredLocale } from '@scholars/shared-contracts';
import { shellResources } from './i18n/resources';
import { contentResources } from './i18n/content';
import { startTheme } from './features/theme/theme';
import { applyLocaleFromUrl } from './features/language/url-locale';
import { App } from './app/App';
import { publishDiagnostics } from './app/remote/diagnostics';
import { PAGE_COOKIES, writePageCookie } from './lib/page-cookies';
import './index.css';

// The shell initialises the one shared i18next instance; remotes only add their namespaces.
applyLocaleFromUrl();
const locale = getStoredLocale(localStorage);
ensureI18n(i18next, locale);
addRemoteResources(i18next, 'shell', shellResources);
addRemoteResources(i18next, 'content', contentResources);
applyDocumentLocale(locale);
// The server renders the next page in this language before any script runs.
writePageCookie(PAGE_COOKIES.language, locale);
eventBus.on('locale:changed', ({ locale: next }) => writePageCookie(PAGE_COOKIES.language, next));
startTheme();
configureApi({ baseURL: '/api', filesBase: '/files/' });
publishDiagnostics();

// The server may have put a prerendered first screen in #root (home, about): it stays on screen
// until this first render replaces it (the same markup, now live).
createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
