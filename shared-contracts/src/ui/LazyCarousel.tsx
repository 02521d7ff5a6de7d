import { lazy, Suspense } from 'react';
import type { CarouselProps } from './Carousel';

const Loaded = lazy(() => import('./Carousel').then((module) => ({ default: module.Carousel })));

/**
 * The product's slider, loaded on first use. Exported from the package root (the shared singleton)
 * so that Swiper, which it wraps, comes once per page from the host's copy of this package instead
 * of once per remote (issue 6: ~30 KiB gzip each). The placeholder keeps the slider's height.
 */
export function Carousel(props: CarouselProps) {
  return (
    <Suspense fallback={<div data-testid={props.testId} aria-busy="true" className="min-h-72" />}>
      <Loaded {...props} />
    </Suspense>
  );
}
