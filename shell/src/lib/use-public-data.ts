import { useEffect, useState } from 'react';
import { apiClient } from '@scholars/shared-contracts';
import type { z } from 'zod';

type State<T> = { status: 'loading' } | { status: 'ready'; data: T } | { status: 'failed' };

// One request per resource per page load, shared by every component that shows it (header and
// footer both list the conference categories).
const cache = new Map<string, Promise<unknown>>();

async function fetchEnvelope<T>(path: string, schema: z.ZodType<{ data: T }>, body?: unknown): Promise<T> {
  const response = body === undefined
    ? await apiClient.get(path, { silent: true, errorToast: false })
    : await apiClient.post(path, body, { silent: true, errorToast: false });
  return schema.parse(response.data).data;
}

/**
 * A public list of the home page, header or footer. Spec 8: a failure is only logged; the
 * component shows its empty state.
 */
export function usePublicData<T>(path: string, schema: z.ZodType<{ data: T }>, body?: unknown): State<T> {
  const key = `${path}:${JSON.stringify(body ?? null)}`;
  const [state, setState] = useState<State<T>>({ status: 'loading' });
  useEffect(() => {
    let live = true;
    let pending = cache.get(key) as Promise<T> | undefined;
    if (!pending) {
      pending = fetchEnvelope(path, schema, body);
      cache.set(key, pending);
      pending.catch(() => cache.delete(key));
    }
    pending.then(
      (data) => live && setState({ status: 'ready', data }),
      (error: unknown) => {
        console.error(`Could not load ${path}`, error);
        if (live) setState({ status: 'failed' });
      },
    );
    return () => {
      live = false;
    };
    // The key covers path and body; the schema is a module constant.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key]);
  return state;
}
