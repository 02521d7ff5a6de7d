import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { getCurrentLocale } from '@scholars/shared-contracts';
import { hasPageTexts, loadPageTexts } from './locale-texts';

/**
 * For an eager page whose texts are the pages' own (page-texts.*.ts: the about page): whether they
 * are in, fetching them if not. Ready at once on the server and when hydrating a prerendered page
 * (bootstrap.tsx loads them first); after a navigation, once they have arrived.
 */
export function usePageTexts(): boolean {
  const { i18n } = useTranslation();
  const locale = getCurrentLocale(i18n);
  const [loaded, setLoaded] = useState(() => hasPageTexts(i18n, locale));
  const ready = loaded || hasPageTexts(i18n, locale);
  useEffect(() => {
    if (ready) return;
    let live = true;
    loadPageTexts(i18n, locale).then(
      () => live && setLoaded(true),
      (error: unknown) => console.error('Could not load the page texts', error),
    );
    return () => {
      live = false;
    };
  }, [i18n, locale, ready]);
  return ready;
}
