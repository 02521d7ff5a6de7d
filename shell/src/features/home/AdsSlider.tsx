import { useEffect, useRef, useState, type CSSProperties, type KeyboardEvent, type PointerEvent, type ReactNode } from 'react';

export interface AdsSliderProps {
  slides: Array<{ key: string | number; content: ReactNode }>;
  /** Accessible name of the carousel region. */
  label: string;
  autoplayMs: number;
  dir: 'ltr' | 'rtl';
  labels: { previous: string; next: string; goTo: (number: number) => string; slide: (number: number, count: number) => string };
}

const SWIPE_PX = 40;
const TRANSITION_MS = 300;
const prefersReducedMotion = () => typeof window !== 'undefined' && Boolean(window.matchMedia?.('(prefers-reduced-motion: reduce)').matches);

/**
 * The ads pop-up's slider (spec 2: one slide per view, looping, auto-advance every `autoplayMs` that
 * goes on after a click, previous/next arrows, clickable dots; spacing 20 px from 840 px, 30 px from
 * 1024 px). Written for the pop-up instead of the shared Swiper carousel: the pop-up opens on arrival,
 * and Swiper (~28 KiB compressed) would be on every cold load of the home page (issue 6).
 * Same behaviour as the product's other sliders (decisions.md): pauses while hovered or focused, no
 * autoplay under prefers-reduced-motion, follows the page direction, swipe and arrow keys.
 *
 * A seamless loop: the track holds a copy of the last slide before the first and of the first after
 * the last; moving onto a copy ends with a jump (no transition) to the slide it copies.
 */
export function AdsSlider({ slides, label, autoplayMs, dir, labels }: AdsSliderProps) {
  const count = slides.length;
  const looping = count > 1;
  const [reducedMotion] = useState(prefersReducedMotion);
  // Position on the track: 1..count are the slides, 0 and count + 1 their copies.
  const [position, setPosition] = useState(looping ? 1 : 0);
  const [animated, setAnimated] = useState(false);
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  const [swipeStart, setSwipeStart] = useState<number | null>(null);
  // A swipe that ends on a link is not a click on it.
  const swiped = useRef(false);
  const active = looping ? (((position - 1) % count) + count) % count : 0;
  const autoplaying = looping && !reducedMotion && !hovered && !focused;
  const onCopy = looping && (position === 0 || position === count + 1);

  // The slide a copy stands for; a move asked for while on a copy is made once off it (queued).
  const real = position === 0 ? count : position === count + 1 ? 1 : position;
  const [queued, setQueued] = useState<number | null>(null);
  const move = (to: number) => {
    if (!looping) return;
    if (onCopy) return setQueued(to);
    setAnimated(!reducedMotion);
    setPosition(to);
  };
  const next = () => move(real + 1);
  const previous = () => move(real - 1);
  useEffect(() => {
    if (onCopy || queued === null) return;
    // After the jump off the copy has been painted.
    const timer = setTimeout(() => {
      setQueued(null);
      setAnimated(!reducedMotion);
      setPosition(queued);
    }, 20);
    return () => clearTimeout(timer);
  }, [onCopy, queued, reducedMotion]);

  // Off a copy onto the slide it copies, without a transition: when the slide-in ends, at once when
  // nothing animates, and after the transition's duration at the latest (no transitionend comes
  // when the page is hidden, for one).
  const settle = () => {
    if (!onCopy) return;
    setAnimated(false);
    setPosition(position === 0 ? count : 1);
  };
  useEffect(() => {
    if (!onCopy) return;
    const timer = setTimeout(() => {
      setAnimated(false);
      setPosition((at) => (at === 0 ? count : at === count + 1 ? 1 : at));
    }, animated ? TRANSITION_MS + 50 : 0);
    return () => clearTimeout(timer);
  }, [onCopy, animated, count]);

  // The auto-advance restarts after every move, so it goes on after a click (spec) at its own pace.
  useEffect(() => {
    if (!autoplaying || onCopy) return;
    const timer = setTimeout(() => {
      setAnimated(true);
      setPosition((at) => at + 1);
    }, autoplayMs);
    return () => clearTimeout(timer);
  }, [autoplaying, onCopy, position, autoplayMs]);

  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key !== 'ArrowLeft' && event.key !== 'ArrowRight') return;
    event.preventDefault();
    if ((event.key === 'ArrowRight') === (dir === 'ltr')) next();
    else previous();
  };
  const onPointerUp = (event: PointerEvent) => {
    if (swipeStart === null) return;
    const moved = event.clientX - swipeStart;
    setSwipeStart(null);
    swiped.current = Math.abs(moved) >= SWIPE_PX;
    if (!swiped.current) return;
    // Swiping towards the start of the line brings the next slide.
    if ((moved < 0) === (dir === 'ltr')) next();
    else previous();
  };

  const track = looping ? [slides[count - 1]!, ...slides, slides[0]!] : slides;
  const sign = dir === 'rtl' ? 1 : -1;
  const trackStyle = { transform: `translateX(calc(${sign * position} * (100% + var(--gap))))` } as CSSProperties;
  const arrow = 'absolute top-[225px] z-10 flex size-11 -translate-y-1/2 items-center justify-center rounded-full bg-white/90 text-emerald-800 shadow hover:bg-white dark:bg-slate-800/90 dark:text-emerald-300 dark:hover:bg-slate-800';

  return (
    <div
      dir={dir}
      role="region"
      aria-roledescription="carousel"
      aria-label={label}
      data-testid="ads-slider"
      className="relative"
      onKeyDown={onKeyDown}
      onPointerEnter={(event) => event.pointerType === 'mouse' && setHovered(true)}
      onPointerLeave={() => setHovered(false)}
      onFocus={() => setFocused(true)}
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setFocused(false);
      }}
    >
      <div
        className="touch-pan-y overflow-hidden select-none"
        onPointerDown={(event) => setSwipeStart(event.clientX)}
        onPointerUp={onPointerUp}
        onPointerCancel={() => setSwipeStart(null)}
        onClickCapture={(event) => {
          if (!swiped.current) return;
          swiped.current = false;
          event.preventDefault();
          event.stopPropagation();
        }}
        onDragStart={(event) => event.preventDefault()}
      >
        <div
          aria-live={autoplaying ? 'off' : 'polite'}
          className={`flex gap-[var(--gap)] [--gap:0px] min-[840px]:[--gap:20px] lg:[--gap:30px] ${animated ? 'transition-transform duration-300 ease-out motion-reduce:transition-none' : ''}`}
          style={trackStyle}
          onTransitionEnd={(event) => event.target === event.currentTarget && settle()}
        >
          {track.map((slide, index) => {
            const shown = index === position;
            const number = looping ? ((index - 1 + count) % count) + 1 : index + 1;
            return (
              <div
                key={`${index}-${slide.key}`}
                role="group"
                aria-roledescription="slide"
                aria-label={labels.slide(number, count)}
                aria-hidden={!shown}
                inert={!shown}
                data-active={shown || undefined}
                className="w-full shrink-0"
              >
                {slide.content}
              </div>
            );
          })}
        </div>
      </div>
      {looping ? (
        <>
          <button type="button" onClick={previous} aria-label={labels.previous} className={`${arrow} start-1`}>
            <Chevron className={dir === 'ltr' ? 'rotate-180' : ''} />
          </button>
          <button type="button" onClick={next} aria-label={labels.next} className={`${arrow} end-1`}>
            <Chevron className={dir === 'rtl' ? 'rotate-180' : ''} />
          </button>
          <div className="mt-2 flex justify-center gap-0.5">
            {slides.map((slide, index) => (
              <button
                key={slide.key}
                type="button"
                onClick={() => move(index + 1)}
                aria-label={labels.goTo(index + 1)}
                aria-current={index === active || undefined}
                data-testid="ads-slider-dot"
                className="group flex size-6 items-center justify-center"
              >
                <span className={`size-2.5 rounded-full ${index === active ? 'bg-emerald-700 dark:bg-emerald-400' : 'bg-slate-900/25 group-hover:bg-slate-900/50 dark:bg-white/30 dark:group-hover:bg-white/60'}`} />
              </button>
            ))}
          </div>
        </>
      ) : null}
    </div>
  );
}

/** A right-pointing chevron (Swiper's arrow shape). */
function Chevron({ className }: { className: string }) {
  return (
    <svg width="11" height="20" viewBox="0 0 11 20" fill="none" aria-hidden="true" className={className}>
      <path d="M1 1l9 9-9 9" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" />
    </svg>
  );
}
