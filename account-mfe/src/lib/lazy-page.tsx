import { lazy, Suspense, type ComponentType } from 'react';
import { SectionState } from '../components/Status';

/** A page fetched when first rendered (its own chunk), with the loading line meanwhile. */
export function lazyPage<P extends object>(load: () => Promise<ComponentType<P>>) {
  const Lazy = lazy(async () => ({ default: await load() }));
  return function LazyPage(props: P) {
    return (
      <Suspense fallback={<SectionState state="loading" />}>
        <Lazy {...props} />
      </Suspense>
    );
  };
}
