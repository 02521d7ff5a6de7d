import { useEffect, useState } from 'react';
import { apiClient, envelopeData, preloadedData } from '@scholars/shared-contracts';
import { publicDataKey, type PublicRead } from './public-data';

/** `missing`: the API says there is no such item (404, or an id it refuses: 400), not that it could not answer. */
type State<T> = { status: 'loading' } | { status: 'ready'; data: T } | { status: 'failed'; missing: boolean };

// One request per resource per page load, shared by every component that shows it (header and
// footer both list the conference categories).
const cache = new Map<string, Promise<unknown>>();

/** The API has no such item (404, or an id it refuses: 400); a read answers these, it does not throw. */
class NoSuchItem extends Error {}

async function fetchEnvelope<T>({ path, body }: PublicRead): Promise<T> {
  const response = body === undefined
    ? await apiClient.get(path, { silent: true, errorToast: false })
    : await apiClient.post(path, body, { silent: true, errorToast: false });
  if (response.status === 404 || response.status === 400) throw new NoSuchItem(path);
  return envelopeData<T>(response.data);
}

/**
 * A public list of the home page, header or footer (`T`: the type of the envelope's `data`, from
 * the shared schemas' types; `read`: one of PUBLIC_READS). It starts ready with the answer the page
 * came with (the server's render used the same one, so hydration matches); else it asks the API.
 * Spec 8: a failure is only logged; the component shows its empty state (a page may offer `retry`).
 */
export function usePublicData<T>(read: PublicRead): State<T> & { retry: () => void } {
  const key = publicDataKey(read);
  const [state, setState] = useState<State<T>>(() => {
    const served = preloadedData<T>(key);
    return served === undefined ? { status: 'loading' } : { status: 'ready', data: served };
  });
  // A failed read is forgotten (below): asking again starts a new request.
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    let live = true;
    let pending = cache.get(key) as Promise<T> | undefined;
    if (!pending) {
      // The page's answer serves the rest of the page load (the page's data is forgotten at the first navigation).
      const served = preloadedData<T>(key);
      pending = served === undefined ? fetchEnvelope<T>(read) : Promise.resolve(served);
      cache.set(key, pending);
      pending.catch(() => cache.delete(key));
    }
    pending.then(
      (data) => live && setState((previous) => (previous.status === 'ready' && previous.data === data ? previous : { status: 'ready', data })),
      (error: unknown) => {
        console.error(`Could not load ${read.path}`, error);
        if (live) setState({ status: 'failed', missing: error instanceof NoSuchItem });
      },
    );
    return () => {
      live = false;
    };
    // The key covers path and body.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key, attempt]);
  const retry = () => {
    setState({ status: 'loading' });
    setAttempt((count) => count + 1);
  };
  return { ...state, retry };
}
