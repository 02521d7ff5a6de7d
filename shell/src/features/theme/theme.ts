import { createStore } from 'zustand/vanilla';
import {
  browserStorage,
  eventBus,
  getStoredTheme,
  resolveTheme,
  THEME_STORAGE_KEY,
  type ResolvedTheme,
  type ThemePreference,
} from '@scholars/shared-contracts';

import { PAGE_COOKIES, writePageCookie } from '../../lib/page-cookies';

const darkQuery = () => window.matchMedia('(prefers-color-scheme: dark)');
// The prerendered page (server) imports this module too: no window there.
const prefersDark = () => typeof window !== 'undefined' && darkQuery().matches;

/** The shell alone owns the theme: it sets `.dark` on <html>; remotes only use `dark:` utilities. */
export const themeStore = createStore<{ preference: ThemePreference; resolved: ResolvedTheme }>(() => {
  const preference = getStoredTheme(browserStorage());
  return { preference, resolved: resolveTheme(preference, prefersDark()) };
});

function apply() {
  const { preference, resolved } = themeStore.getState();
  document.documentElement.classList.toggle('dark', resolved === 'dark');
  document.documentElement.style.colorScheme = resolved;
  writePageCookie(PAGE_COOKIES.theme, resolved);
  eventBus.emit('theme:changed', { preference, resolved });
}

export function setTheme(preference: ThemePreference) {
  localStorage.setItem(THEME_STORAGE_KEY, preference);
  themeStore.setState({ preference, resolved: resolveTheme(preference, darkQuery().matches) });
  apply();
}

/** Applies the stored theme and follows the device while the preference is 'system'. */
export function startTheme() {
  apply();
  darkQuery().addEventListener('change', (event) => {
    const { preference } = themeStore.getState();
    if (preference !== 'system') return;
    themeStore.setState({ resolved: resolveTheme('system', event.matches) });
    apply();
  });
}
