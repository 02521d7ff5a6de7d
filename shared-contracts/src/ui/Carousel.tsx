import { useRef, useState, type CSSProperties, type ReactNode } from 'react';
import { Swiper, SwiperSlide } from 'swiper/react';
import { A11y, Autoplay, Keyboard, Pagination } from 'swiper/modules';
import type { Swiper as SwiperInstance } from 'swiper';
import type { SwiperOptions } from 'swiper/types';
import 'swiper/css';
import 'swiper/css/pagination';
import { useTranslation } from 'react-i18next';
import { useLocale } from '../i18n/instance';

export interface CarouselProps {
  /** Slides, each with a stable key. */
  slides: Array<{ key: string | number; content: ReactNode }>;
  /** Accessible name of the carousel region. */
  label: string;
  autoplayMs: number;
  /** Swiper breakpoints (min-width in px) of slidesPerView and spaceBetween. */
  breakpoints?: SwiperOptions['breakpoints'];
  slidesPerView?: number;
  spaceBetween?: number;
  /** The events slider stays left-to-right in both languages (spec 2). */
  forceLtr?: boolean;
  testId?: string;
}

const prefersReducedMotion = () => typeof window !== 'undefined' && window.matchMedia?.('(prefers-reduced-motion: reduce)').matches;

/** The arrows: the site's colours, in the bar under the slides (issue 21: never over a card's text). */
const ARROW_CLASS =
  'absolute bottom-0 z-10 inline-flex size-9 items-center justify-center rounded-full border border-emerald-700 bg-white text-emerald-800 hover:bg-emerald-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-emerald-700 dark:border-emerald-400 dark:bg-slate-900 dark:text-emerald-300 dark:hover:bg-slate-800';

/**
 * The dots: the active one in the site's green, the others slate at full opacity, 3:1 or more
 * against the page in both themes (WCAG 1.4.11; swiper's default is black at 20 %, invisible in
 * dark). Tailwind arbitrary properties, so the dark theme switches them.
 */
const DOTS_CLASS =
  '[--swiper-pagination-bullet-inactive-opacity:1] [--swiper-pagination-color:#047857] [--swiper-pagination-bullet-inactive-color:#64748b] [--swiper-pagination-bottom:0.75rem] dark:[--swiper-pagination-color:#34d399] dark:[--swiper-pagination-bullet-inactive-color:#94a3b8]';

/**
 * The product's slider (spec 2, decisions.md): loops, autoplays (and keeps going after a click),
 * pauses while hovered or focused, never autoplays under prefers-reduced-motion, arrows and
 * clickable dots in a bar under the slides (the arrows at its start and end, off the cards); follows
 * the page direction (re-created when it changes) unless forced LTR.
 */
export function Carousel({ slides, label, autoplayMs, breakpoints, slidesPerView = 1, spaceBetween = 16, forceLtr = false, testId }: CarouselProps) {
  const { dir: pageDir } = useLocale();
  const dir = forceLtr ? 'ltr' : pageDir;
  const swiper = useRef<SwiperInstance | null>(null);
  const [reducedMotion] = useState(prefersReducedMotion);
  const { t } = useTranslation('common');
  // "Previous" points towards the start of the slider's own direction.
  const backward = dir === 'rtl' ? 'M9 6l6 6-6 6' : 'M15 6l-6 6 6 6';
  const forward = dir === 'rtl' ? 'M15 6l-6 6 6 6' : 'M9 6l6 6-6 6';

  return (
    <div
      dir={dir}
      data-testid={testId}
      role="region"
      className={`relative ${DOTS_CLASS}`}
      aria-roledescription="carousel"
      aria-label={label}
      // Dots 10 px wide, 26 px apart: each has a 24 px target area of its own (WCAG 2.5.8). Set
      // through the CSSOM (React's style prop), which the CSP allows, unlike a style attribute in HTML.
      style={{ '--swiper-pagination-bullet-size': '10px', '--swiper-pagination-bullet-horizontal-gap': '8px' } as CSSProperties}
      onFocus={() => swiper.current?.autoplay?.pause()}
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget as Node | null)) swiper.current?.autoplay?.resume();
      }}
    >
      <Swiper
        key={dir}
        dir={dir}
        modules={[A11y, Autoplay, Keyboard, Pagination]}
        onSwiper={(instance) => (swiper.current = instance)}
        loop={slides.length > 1}
        autoplay={reducedMotion || slides.length < 2 ? false : { delay: autoplayMs, disableOnInteraction: false, pauseOnMouseEnter: true }}
        pagination={{ clickable: true }}
        keyboard={{ enabled: true, onlyInViewport: true }}
        a11y={{ enabled: true, paginationBulletMessage: t('carousel.goTo', { index: '{{index}}' }) }}
        slidesPerView={slidesPerView}
        spaceBetween={spaceBetween}
        breakpoints={breakpoints}
        className="!pb-12"
      >
        {slides.map((slide) => (
          <SwiperSlide key={slide.key} className="!h-auto">
            {slide.content}
          </SwiperSlide>
        ))}
      </Swiper>
      {slides.length > 1 ? (
        <>
          <button type="button" data-testid="carousel-prev" aria-label={t('carousel.previous')} onClick={() => swiper.current?.slidePrev()} className={`${ARROW_CLASS} start-0`}>
            <svg aria-hidden="true" viewBox="0 0 24 24" className="size-5" fill="none" stroke="currentColor" strokeWidth="2.5" strokeLinecap="round" strokeLinejoin="round"><path d={backward} /></svg>
          </button>
          <button type="button" data-testid="carousel-next" aria-label={t('carousel.next')} onClick={() => swiper.current?.slideNext()} className={`${ARROW_CLASS} end-0`}>
            <svg aria-hidden="true" viewBox="0 0 24 24" className="size-5" fill="none" stroke="currentColor" strokeWidth="2.5" strokeLinecap="round" strokeLinejoin="round"><path d={forward} /></svg>
          </button>
        </>
      ) : null}
    </div>
  );
}
