import { isApiError } from '@scholars/shared-contracts';

/** The server's localized message of a refused call (the envelope's `msg`), or `fallback`. */
export function errorText(error: unknown, fallback: string): string {
  if (isApiError(error)) {
    const field = error.errors ? Object.values(error.errors).flat()[0] : undefined;
    return error.msg || field || error.message || fallback;
  }
  return fallback;
}
