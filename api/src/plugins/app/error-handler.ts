/**
 * One error handler and one not-found handler, both answering with the envelope
 * `{ status: false, msg, err, errors? }` in the request's language:
 * - invalid payloads (zod) -> 400 with `errors: { field: message }` and `msg` = the first message;
 * - malformed requests (bad JSON, empty body, wrong content type, too large) -> their 4xx;
 * - AppError -> its status and key;
 * - anything else -> 500 with a generic message; the details are logged, never sent.
 */
import type { Duplex } from 'node:stream';
import fp from 'fastify-plugin';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import {
  issueParams,
  isValidationMessageKey,
  translateMessage,
  type MessageParams,
  type ValidationMessageKey,
} from '@scholars/shared-contracts/schemas';
import { AppError } from '../../lib/errors';
import { normalizeLocale } from '@scholars/shared-contracts/locale';

const STATUS_KEYS: Record<number, ValidationMessageKey> = {
  400: 'validation.invalidInput',
  401: 'validation.unauthorized',
  403: 'validation.forbidden',
  404: 'validation.notFound',
  405: 'validation.methodNotAllowed',
  409: 'validation.conflict',
  413: 'validation.payloadTooLarge',
  414: 'validation.uriTooLong',
  415: 'validation.unsupportedMediaType',
  429: 'validation.tooManyRequests',
  503: 'validation.serviceUnavailable',
};

const CODE_KEYS: Record<string, ValidationMessageKey> = {
  FST_ERR_CTP_EMPTY_JSON_BODY: 'validation.bodyRequired',
  FST_ERR_CTP_INVALID_JSON_BODY: 'validation.invalidJson',
  FST_ERR_CTP_BODY_TOO_LARGE: 'validation.payloadTooLarge',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'validation.unsupportedMediaType',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: 'validation.invalidInput',
  FST_INVALID_MULTIPART_CONTENT_TYPE: 'validation.unsupportedMediaType',
  FST_REQ_FILE_TOO_LARGE: 'validation.payloadTooLarge',
  FST_PARTS_LIMIT: 'validation.payloadTooLarge',
  FST_FILES_LIMIT: 'validation.payloadTooLarge',
  FST_FIELDS_LIMIT: 'validation.payloadTooLarge',
};

function localeOf(request: FastifyRequest) {
  return request.locale ?? normalizeLocale(request.headers['accept-language']);
}

function send(
  request: FastifyRequest,
  reply: FastifyReply,
  status: number,
  key: ValidationMessageKey,
  params: MessageParams = {},
  errors?: Record<string, string>,
) {
  const body: { status: false; msg: string; err: number; errors?: Record<string, string> } = {
    status: false,
    msg: translateMessage(localeOf(request), key, params),
    err: status,
  };
  if (errors && Object.keys(errors).length > 0) body.errors = errors;
  return reply.code(status).send(body);
}

/**
 * Fastify's `frameworkErrors`: what its router refuses before any route or hook (an address that
 * does not decode, a path parameter over maxParamLength: 414) gets the envelope too.
 */
export function frameworkErrorHandler(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  const status = error.statusCode === 414 ? 414 : 400;
  return send(request, reply, status, STATUS_KEYS[status]!);
}

/**
 * Node's `clientError` (a request the HTTP parser refuses: a malformed request line, headers over
 * the size limit, a timeout). There is no request to read a language from: the envelope in English.
 */
export function clientErrorHandler(error: NodeJS.ErrnoException, socket: Duplex) {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const [status, reason, msg] =
    error.code === 'ERR_HTTP_REQUEST_TIMEOUT'
      ? [408, 'Request Timeout', 'The request took too long']
      : error.code === 'HPE_HEADER_OVERFLOW'
        ? [431, 'Request Header Fields Too Large', 'The request headers are too large']
        : [400, 'Bad Request', translateMessage('en', 'validation.invalidInput')];
  const body = JSON.stringify({ status: false, msg, err: status });
  if (socket.writable) {
    socket.write(
      `HTTP/1.1 ${status} ${reason}\r\nContent-Length: ${Buffer.byteLength(body)}\r\nContent-Type: application/json; charset=utf-8\r\nConnection: close\r\n\r\n${body}`,
    );
  }
  socket.destroy(error);
}

export default fp(
  async (app) => {
    app.setErrorHandler((error: FastifyError, request, reply) => {
      const locale = localeOf(request);

      if (hasZodFastifySchemaValidationErrors(error)) {
        const errors: Record<string, string> = {};
        let first: { key: ValidationMessageKey; params: MessageParams } | undefined;
        for (const issue of error.validation) {
          const field = issue.instancePath.replace(/^\//, '').split('/').filter(Boolean).join('.');
          const params = issueParams(issue.params as Record<string, unknown>);
          let key: ValidationMessageKey = isValidationMessageKey(issue.message) ? issue.message : 'validation.invalidInput';
          // The whole body missing, or not an object (text, array, number...).
          if (!field && error.validationContext === 'body') {
            if (key === 'validation.required') key = 'validation.bodyRequired';
            else if (issue.keyword === 'invalid_type') key = 'validation.bodyMustBeObject';
          }
          first ??= { key, params };
          if (field && !(field in errors)) errors[field] = translateMessage(locale, key, params);
        }
        return send(request, reply, 400, first?.key ?? 'validation.invalidInput', first?.params, errors);
      }

      if (error instanceof AppError) {
        const errors = error.fieldErrors
          ? Object.fromEntries(Object.entries(error.fieldErrors).map(([field, key]) => [field, translateMessage(locale, key, error.params)]))
          : undefined;
        if (error.statusCode >= 500) request.log.error({ err: error }, 'request failed');
        return send(request, reply, error.statusCode, error.messageKey, error.params, errors);
      }

      const status = typeof error.statusCode === 'number' ? error.statusCode : 500;
      if (status >= 400 && status < 500 && !isResponseSerializationError(error)) {
        // A JSON syntax error carries no code in some paths: its status is 400.
        const key =
          (error.code && CODE_KEYS[error.code]) ||
          (error instanceof SyntaxError ? 'validation.invalidJson' : undefined) ||
          STATUS_KEYS[status] ||
          'validation.invalidInput';
        if (status === 429 || status === 413) request.log.warn({ code: error.code, url: request.url }, error.message);
        return send(request, reply, status, key);
      }

      request.log.error({ err: error }, 'request failed');
      return send(request, reply, status === 503 ? 503 : 500, status === 503 ? 'validation.serviceUnavailable' : 'validation.serverError');
    });

    app.setNotFoundHandler({ preHandler: app.rateLimit ? app.rateLimit() : undefined }, (request, reply) =>
      send(request, reply, 404, 'validation.notFound'),
    );
  },
  { name: 'error-handler', dependencies: ['i18n'] },
);
