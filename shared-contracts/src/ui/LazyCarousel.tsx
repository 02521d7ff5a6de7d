import { lazy, Suspense } from 'react';
import type { CarouselProps } from './Carousel';
import { useNearViewport } from './use-near-viewport';

const Loaded = lazy(() => import('./Carousel').then((module) => ({ default: module.Carousel })));

/**
 * The product's slider, loaded when it approaches the viewport. Exported from the package root (the
 * shared singleton) so that Swiper, which it wraps, comes once per page from the host's copy of
 * this package instead of once per remote (issue 6: ~30 KiB gzip each); a slider below the first
 * screen costs the page's start nothing. The placeholder keeps the slider's height.
 */
export function Carousel(props: CarouselProps) {
  const [ref, near] = useNearViewport<HTMLDivElement>();
  const placeholder = <div ref={ref} data-testid={props.testId} aria-busy="true" className="min-h-72" />;
  if (!near) return placeholder;
  return (
    <Suspense fallback={placeholder}>
      <Loaded {...props} />
    </Suspense>
  );
}
