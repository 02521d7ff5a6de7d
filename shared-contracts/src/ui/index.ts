// Presentational pieces every app shows the same way. They import no state from the package root
// (a shared package's imports of itself bypass the federation share scope).
export { Carousel, type CarouselProps } from './Carousel';
export { EmptyState } from './EmptyState';
export { AccessDenied } from './AccessDenied';
