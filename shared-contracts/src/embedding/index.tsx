/**
 * Mounting a feature remote alone on any HTML page (single-spa lifecycles).
 * The shell never uses this: inside the shell, remotes render in the shell's router, language
 * and theme. Here the host page gives all of them as props.
 */
import * as React from 'react';
import { StrictMode, type ComponentType, type ReactNode } from 'react';
import * as ReactDOMClient from 'react-dom/client';
import singleSpaReact from 'single-spa-react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import i18next from 'i18next';
import { I18nextProvider } from 'react-i18next';
import type { LocalizedResources, addRemoteResources, ensureI18n } from '../i18n';
import type { configureApi } from '../http';
import { directionOf, normalizeLocale } from '../i18n/core';

/**
 * The remote passes its own view of this package (`import * as contracts`): the federation plugin
 * does not route a shared package's imports of itself through the share scope, so configuring an
 * import made here could configure another copy than the one the remote's pages use.
 */
export interface EmbeddingContracts {
  addRemoteResources: typeof addRemoteResources;
  configureApi: typeof configureApi;
  ensureI18n: typeof ensureI18n;
}

export interface EmbedProps {
  /** 'en' (default) or 'ar'; Arabic renders right-to-left. */
  locale?: string;
  theme?: 'light' | 'dark';
  /** API base, e.g. https://platform.example/api (default '/api'). */
  apiBase?: string;
  /** Files base, e.g. https://platform.example/files/ (default '/files/'). */
  filesBase?: string;
  /** The remote route to open first, e.g. '/conferences/1'. */
  initialPath?: string;
}

/** What single-spa (or a plain page) passes to each lifecycle: a unique name, the element, and our props. */
export type MountProps = EmbedProps & { name: string; domElement?: HTMLElement } & Record<string, unknown>;

export interface RemoteRoute {
  path: string;
  Component: ComponentType;
}

export interface RemoteLifecycleOptions {
  routes: RemoteRoute[];
  contracts: EmbeddingContracts;
  /** The remote's i18next namespace (also its name: the `data-remote` area its styles are scoped to) and texts. */
  translations: { namespace: string; resources: LocalizedResources };
  /** Stylesheet text of the remote (its own utilities only, no reset), injected while mounted. */
  css?: string;
  errorFallback?: ReactNode;
}

function EmbeddedRoot({ routes, remote, locale = 'en', theme = 'light', initialPath = '/' }: EmbedProps & { routes: RemoteRoute[]; remote: string }) {
  const lang = normalizeLocale(locale);
  return (
    <StrictMode>
      <I18nextProvider i18n={i18next}>
        {/* data-remote: the same area marker as in the shell; remote stylesheets are scoped to it. */}
        <div data-embedded-remote="" data-remote={remote} lang={lang} dir={directionOf(lang)} className={theme === 'dark' ? 'dark' : undefined}>
          <MemoryRouter initialEntries={[initialPath]}>
            <Routes>
              {routes.map(({ path, Component }) => (
                <Route key={path} path={path} element={<Component />} />
              ))}
            </Routes>
          </MemoryRouter>
        </div>
      </I18nextProvider>
    </StrictMode>
  );
}

export function createRemoteLifecycles({ routes, contracts, translations, css, errorFallback }: RemoteLifecycleOptions) {
  const { addRemoteResources, configureApi, ensureI18n } = contracts;
  let styleElement: HTMLStyleElement | null = null;
  const lifecycles = singleSpaReact<EmbedProps>({
    React,
    ReactDOMClient,
    rootComponent: (props: EmbedProps) => <EmbeddedRoot {...props} routes={routes} remote={translations.namespace} />,
    // A remote that fails to render on a host page says why in the console: the page shows only the fallback.
    errorBoundary: (error: Error) => {
      console.error(`[${translations.namespace}] the embedded remote failed to render:`, error);
      return <>{errorFallback ?? null}</>;
    },
  });
  // Applies the host page's props before the first render and on every update.
  const apply = async ({ locale = 'en', apiBase = '/api', filesBase = '/files/' }: EmbedProps) => {
    ensureI18n(i18next, locale);
    addRemoteResources(i18next, translations.namespace, translations.resources);
    await i18next.changeLanguage(locale);
    configureApi({ baseURL: apiBase, filesBase });
  };
  return {
    bootstrap: (props: MountProps) => lifecycles.bootstrap(props as never),
    async mount(props: MountProps) {
      await apply(props);
      if (css && !styleElement) {
        styleElement = document.createElement('style');
        styleElement.dataset.remoteStyles = '';
        styleElement.textContent = css;
        document.head.append(styleElement);
      }
      return lifecycles.mount(props as never);
    },
    async unmount(props: MountProps) {
      await lifecycles.unmount(props as never);
      styleElement?.remove();
      styleElement = null;
    },
    async update(props: MountProps) {
      await apply(props);
      return lifecycles.update?.(props as never);
    },
  };
}

/**
 * A remote's own dev page: mounts it alone through its lifecycles, the way an integrator would,
 * with props from the query string (?locale=ar&theme=dark&api=...&files=...&path=...).
 */
export async function mountStandalone(
  lifecycles: { bootstrap: (props: MountProps) => Promise<unknown>; mount: (props: MountProps) => Promise<unknown> },
  { name, initialPath, domElement = document.getElementById('root')! }: { name: string; initialPath: string; domElement?: HTMLElement },
) {
  const params = new URLSearchParams(location.search);
  const props: MountProps = {
    name,
    domElement,
    locale: params.get('locale') ?? 'en',
    theme: params.get('theme') === 'dark' ? 'dark' : 'light',
    apiBase: params.get('api') ?? 'http://127.0.0.1:3000/api',
    filesBase: params.get('files') ?? 'http://127.0.0.1:3000/files/',
    initialPath: params.get('path') ?? initialPath,
  };
  await lifecycles.bootstrap(props);
  await lifecycles.mount(props);
}
