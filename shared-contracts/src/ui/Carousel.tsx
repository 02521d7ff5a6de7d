import { useRef, useState, type CSSProperties, type ReactNode } from 'react';
import { Swiper, SwiperSlide } from 'swiper/react';
import { A11y, Autoplay, Keyboard, Navigation, Pagination } from 'swiper/modules';
import type { Swiper as SwiperInstance } from 'swiper';
import type { SwiperOptions } from 'swiper/types';
import 'swiper/css';
import 'swiper/css/navigation';
import 'swiper/css/pagination';
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

/**
 * The product's slider (spec 2, decisions.md): loops, autoplays (and keeps going after a click),
 * pauses while hovered or focused, never autoplays under prefers-reduced-motion, arrows and
 * clickable dots; follows the page direction (re-created when it changes) unless forced LTR.
 */
export function Carousel({ slides, label, autoplayMs, breakpoints, slidesPerView = 1, spaceBetween = 16, forceLtr = false, testId }: CarouselProps) {
  const { dir: pageDir } = useLocale();
  const dir = forceLtr ? 'ltr' : pageDir;
  const swiper = useRef<SwiperInstance | null>(null);
  const [reducedMotion] = useState(prefersReducedMotion);

  return (
    <div
      dir={dir}
      data-testid={testId}
      role="region"
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
        modules={[A11y, Autoplay, Keyboard, Navigation, Pagination]}
        onSwiper={(instance) => (swiper.current = instance)}
        loop={slides.length > 1}
        autoplay={reducedMotion || slides.length < 2 ? false : { delay: autoplayMs, disableOnInteraction: false, pauseOnMouseEnter: true }}
        navigation
        pagination={{ clickable: true }}
        keyboard={{ enabled: true, onlyInViewport: true }}
        a11y={{ enabled: true }}
        slidesPerView={slidesPerView}
        spaceBetween={spaceBetween}
        breakpoints={breakpoints}
        className="!pb-10"
      >
        {slides.map((slide) => (
          <SwiperSlide key={slide.key} className="!h-auto">
            {slide.content}
          </SwiperSlide>
        ))}
      </Swiper>
    </div>
  );
}
