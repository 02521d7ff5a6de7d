import { ApiError } from './api-error';

/**
 * The `data` of a success envelope (`{ status: true, data }`), for the public reads that do not
 * parse their answer with its zod schema: the API already validates every answer against that
 * schema before sending it, and keeping zod (~90 KiB gzip) off the pages that only read keeps them
 * fast (issue 6). The shape is still checked: anything else is a failure. `isData` checks the
 * `data` itself (an array for a list, an object for one item); `call` names the call in the error.
 */
export function envelopeData<T>(body: unknown, isData: (data: unknown) => boolean = () => true, call?: string): T {
  if (typeof body === 'object' && body !== null && (body as { status?: unknown }).status === true && 'data' in body) {
    const { data } = body as { data: unknown };
    if (isData(data)) return data as T;
  }
  throw new Error(call ? `Unexpected response shape: ${call}` : 'Unexpected response shape');
}

/** `isData` of one item: an object, not a list. */
export const isDataObject = (data: unknown): boolean => typeof data === 'object' && data !== null && !Array.isArray(data);

/**
 * The `data` and `tot` of a page of a list (`{ status: true, data: [...], tot }`): `tot` must be a
 * whole number of at least 0, as the schema requires (the page count comes from it).
 */
export function envelopePage<T>(body: unknown, call?: string): { data: T[]; tot: number } {
  const data = envelopeData<T[]>(body, Array.isArray, call);
  const { tot } = body as { tot?: unknown };
  if (typeof tot !== 'number' || !Number.isInteger(tot) || tot < 0) throw new Error(call ? `Unexpected response shape: ${call}` : 'Unexpected response shape');
  return { data, tot };
}

/**
 * The client resolves GETs below 500 (a page tells "not found" from "failed" by the answer): a GET
 * answered `status: false` becomes the ApiError a failed POST is, with that HTTP status, `msg` and
 * `err`. Anything else passes.
 */
export function throwIfRejected(body: unknown, status: number): void {
  if (body && typeof body === 'object' && (body as { status?: unknown }).status === false) {
    const failed = body as { msg?: string; err?: number | string };
    throw new ApiError(failed.msg ?? 'Failed', { kind: 'rejected', status, msg: failed.msg, err: failed.err, data: body });
  }
}
