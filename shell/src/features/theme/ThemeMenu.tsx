import { useStore } from 'zustand';
import { useTranslation } from 'react-i18next';
import { DEFAULT_THEME, THEMES, type ThemePreference } from '@scholars/shared-contracts';
import { useHydrated } from '@scholars/shared-contracts/ui';
import { setTheme, themeStore } from './theme';

export function ThemeMenu({ id }: { id: string }) {
  const { t } = useTranslation('shell');
  const preference = useStore(themeStore, (state) => state.preference);
  // A prerendered page was rendered without the stored preference (the server has no storage), and
  // hydration does not correct a select's value: hydrate with what the server wrote, then the stored one.
  const hydrated = useHydrated();
  return (
    <label className="flex items-center gap-2 text-sm" htmlFor={id}>
      <span className="sr-only">{t('theme.label')}</span>
      <select id={id} data-testid="theme-menu" value={hydrated ? preference : DEFAULT_THEME} onChange={(event) => setTheme(event.target.value as ThemePreference)} className="rounded-md border border-slate-300 bg-white px-2 py-1 text-slate-800 dark:border-slate-600 dark:bg-slate-800 dark:text-slate-100">
        {THEMES.map((theme) => (
          <option key={theme} value={theme}>
            {t(`theme.${theme}`)}
          </option>
        ))}
      </select>
    </label>
  );
}
