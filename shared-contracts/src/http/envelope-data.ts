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
