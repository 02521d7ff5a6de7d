import { useEffect, useState, type DependencyList } from 'react';

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
  const [attempt, setAttempt] = useState(0);
  const current = [...deps, attempt];
  // `of`: the deps the state answers. Until the answer for other deps comes, a render is loading, from
  // its first frame on (a list never shows its old answer as the new address's).
  const [{ of, value }, setState] = useState<{ of: DependencyList; value: AsyncState<T> }>(() =>
    options.initial !== undefined ? { of: current, value: { status: 'ready', data: options.initial } } : { of: [], value: { status: 'loading' } },
  );
  const answered = of.length === current.length && current.every((dep, index) => Object.is(dep, of[index]));
  const kept: AsyncState<T> = { status: 'loading', data: value.status === 'failed' ? undefined : value.data };
  useEffect(() => {
    if (answered) return;
    const controller = new AbortController();
    const settle = (next: AsyncState<T>) => controller.signal.aborted || setState({ of: current, value: next });
    load(controller.signal).then(
      (data) => settle({ status: 'ready', data }),
      (error: unknown) => {
        if (controller.signal.aborted) return;
        console.error('load failed', error);
        settle({ status: 'failed', error });
      },
    );
    return () => controller.abort();
    // The caller lists what `load` depends on.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, current);
  return { ...(answered ? value : kept), reload: () => setAttempt((n) => n + 1) };
}
