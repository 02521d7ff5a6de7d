import { useEffect, useRef, useState, type DependencyList } from 'react';

/** While loading again, `data` keeps the previous answer (no flash of an empty list). */
export type AsyncState<T> = { status: 'loading'; data?: T } | { status: 'ready'; data: T } | { status: 'failed'; error: unknown; data?: undefined };

/**
 * Runs `load` when `deps` change and keeps the latest answer only (the previous call is aborted,
 * so an older, slower answer never overwrites a newer one).
 */
export function useAsync<T>(
  load: (signal: AbortSignal) => Promise<T>,
  deps: DependencyList,
  options: {
    /**
     * The answer for the first `deps`, already known (the data a server-rendered page was rendered
     * with, `preloadedData`): ready at once, and not loaded again until `deps` change.
     */
    initial?: T;
  } = {},
): AsyncState<T> & { reload: () => void } {
  const [state, setState] = useState<AsyncState<T>>(() => (options.initial !== undefined ? { status: 'ready', data: options.initial } : { status: 'loading' }));
  const [attempt, setAttempt] = useState(0);
  const skipFirstLoad = useRef(options.initial !== undefined);
  useEffect(() => {
    if (skipFirstLoad.current) {
      skipFirstLoad.current = false;
      return;
    }
    const controller = new AbortController();
    setState((current) => ({ status: 'loading', data: current.status === 'failed' ? undefined : current.data }));
    load(controller.signal).then(
      (data) => {
        if (!controller.signal.aborted) setState({ status: 'ready', data });
      },
      (error: unknown) => {
        if (controller.signal.aborted) return;
        console.error('load failed', error);
        setState({ status: 'failed', error });
      },
    );
    return () => controller.abort();
    // The caller lists what `load` depends on.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [...deps, attempt]);
  return { ...state, reload: () => setAttempt((n) => n + 1) };
}
