import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Carousel, fileUrl, useLocale } from '@scholars/shared-contracts';
import { useHydrated } from '@scholars/shared-contracts/ui';
import type { Ad } from '@scholars/shared-contracts/schemas';
import { usePublicData } from '../../lib/use-public-data';
import { PUBLIC_READS } from '../../lib/public-data';
import { localizedField } from '@scholars/shared-contracts/locale';

// Once closed, the pop-up stays closed for the rest of the browser session (not on every visit home).
const DISMISSED_KEY = 'ads_dismissed';
const wasDismissed = () => {
  try {
    return sessionStorage.getItem(DISMISSED_KEY) === '1';
  } catch {
    return false;
  }
};

/**
 * Spec 2: a modal shown only when at least one ad came back; close button and backdrop click
 * close it; no header or footer; a looping slider (4000 ms) of 450 px images with an optional
 * 'View Details' link in a new tab. A native <dialog>: focus is trapped and Escape closes it.
 * Closed once, it does not come back in the same browser session.
 */
export function AdsPopup() {
  const { t } = useTranslation('shell');
  const { locale } = useLocale();
  const ads = usePublicData<Ad[]>(PUBLIC_READS.ads);
  const dialog = useRef<HTMLDialogElement>(null);
  const [dismissed, setDismissed] = useState(wasDismissed);
  // Whether it was closed in this session is the browser's to know: nothing on the server's page,
  // and nothing during hydration (the page's ads arrive with it).
  const hydrated = useHydrated();
  const list = ads.status === 'ready' && hydrated ? ads.data : [];

  useEffect(() => {
    if (list.length && !dismissed && !dialog.current?.open) dialog.current?.showModal();
  }, [list.length, dismissed]);

  if (!list.length || dismissed) return null;
  return (
    <dialog
      ref={dialog}
      data-testid="ads-popup"
      aria-label={t('home.ads.label')}
      onClose={() => {
        setDismissed(true);
        try {
          sessionStorage.setItem(DISMISSED_KEY, '1');
        } catch {
          // storage unavailable: it simply shows again next time
        }
      }}
      onClick={(event) => {
        // A click on the backdrop lands on the <dialog> element itself.
        if (event.target === event.currentTarget) dialog.current?.close();
      }}
      className="mx-auto mb-auto mt-[4vh] w-[min(92vw,720px)] rounded-2xl bg-white p-0 text-slate-900 shadow-2xl backdrop:bg-slate-950/70 dark:bg-slate-900 dark:text-slate-100"
    >
      {/* The slider's height is reserved (450 px image, caption, link, dots: 600-650 px measured) while
          it loads, and the dialog hangs from the top (not centred), so a taller caption grows it
          downwards without moving what is already on screen: no layout shift. */}
      <div className="relative min-h-[40rem] p-4">
        <button type="button" onClick={() => dialog.current?.close()} aria-label={t('home.ads.close')} className="absolute end-3 top-3 z-10 flex size-9 items-center justify-center rounded-full bg-white/90 text-xl text-slate-800 shadow hover:bg-white dark:bg-slate-800 dark:text-slate-100">
          ×
        </button>
        <Carousel
          label={t('home.ads.label')}
          autoplayMs={4000}
          breakpoints={{ 840: { spaceBetween: 20 }, 1024: { spaceBetween: 30 } }}
          slides={list.map((ad) => ({
            key: ad.id,
            content: (
              <figure data-testid="ad-slide" className="flex flex-col items-center">
                <img src={fileUrl(ad.image_url)} alt="" className="h-[450px] w-full rounded-xl object-cover" />
                <figcaption className="mt-3 text-center">
                  <p className="font-semibold">{localizedField(ad, 'title', locale)}</p>
                  {ad.link ? (
                    <a href={ad.link} target="_blank" rel="noopener noreferrer" className="mt-2 inline-block rounded-lg bg-emerald-700 px-4 py-2 text-sm font-medium text-white hover:bg-emerald-800">
                      {t('home.ads.viewDetails')}
                    </a>
                  ) : null}
                </figcaption>
              </figure>
            ),
          }))}
        />
      </div>
    </dialog>
  );
}
