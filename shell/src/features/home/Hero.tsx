import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { ROUTES } from '@scholars/shared-contracts';

// On the server (prerendered page) there is no window: the poster is all it renders anyway.
const reducedMotion = () => typeof window !== 'undefined' && (window.matchMedia?.('(prefers-reduced-motion: reduce)').matches ?? false);

/**
 * Spec 2 hero: a looping, muted background video (made by the project, ~70 KB) over a light
 * poster; it starts after the page has loaded, and never under prefers-reduced-motion (the poster stays).
 */
export function Hero() {
  const { t } = useTranslation('shell');
  const [still] = useState(reducedMotion);
  const video = useRef<HTMLVideoElement>(null);
  // The video (~70 KB) starts once the page has loaded and the browser is idle: the light poster is
  // what the first paint shows, and the video's bytes stay off the critical path (issue 6).
  useEffect(() => {
    if (still) return;
    let idle = 0;
    const play = () => {
      idle = (window.requestIdleCallback ?? ((run: () => void) => window.setTimeout(run, 200)))(() => {
        const element = video.current;
        if (!element) return;
        element.preload = 'auto';
        element.play().catch(() => {
          // autoplay refused (e.g. data saver): the poster stays
        });
      });
    };
    if (document.readyState === 'complete') play();
    else window.addEventListener('load', play, { once: true });
    return () => {
      window.removeEventListener('load', play);
      (window.cancelIdleCallback ?? window.clearTimeout)(idle);
    };
  }, [still]);
  return (
    <section className="relative isolate overflow-hidden bg-emerald-900 px-4 py-24 text-white" data-testid="home-hero">
      <video
        className="absolute inset-0 -z-10 size-full object-cover opacity-60"
        poster="/images/hero-poster.svg"
        ref={video}
        loop
        muted
        playsInline
        preload="none"
        aria-label={t('home.heroVideoLabel')}
        data-testid="hero-video"
      >
        <source src="/media/hero.webm" type="video/webm" />
        <source src="/media/hero.mp4" type="video/mp4" />
      </video>
      <div className="mx-auto max-w-4xl text-center">
        <h1 className="text-4xl font-bold md:text-5xl">{t('home.title')}</h1>
        <p className="mt-4 text-xl text-emerald-100">{t('home.subtitle')}</p>
        <p className="mx-auto mt-4 max-w-2xl text-emerald-50">{t('home.description')}</p>
        <Link to={ROUTES.contact} className="mt-8 inline-block rounded-lg bg-white px-6 py-3 font-semibold text-emerald-900 hover:bg-emerald-50">{t('home.cta')}</Link>
      </div>
    </section>
  );
}
