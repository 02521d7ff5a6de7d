import type { MessageParams, ValidationMessageKey } from '@scholars/shared-contracts/schemas';

/**
 * An expected failure a handler reports: the error handler answers with the envelope
 * `{ status: false, msg: <key in the request's language>, err: statusCode, errors? }`.
 */
export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    readonly messageKey: ValidationMessageKey,
    readonly params: MessageParams = {},
    /** Field errors as keys: field -> `validation.*`. */
    readonly fieldErrors?: Record<string, ValidationMessageKey>,
  ) {
    super(messageKey);
    this.name = 'AppError';
  }
}

export const notFound = () => new AppError(404, 'validation.notFound');
