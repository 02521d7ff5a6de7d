/**
 * The shell server's own error answers, in the API's envelope `{ status: false, msg, err }`, so a
 * client of `/api` gets the same shape whether the API or the shell in front of it answered (a path
 * the proxy refuses, a URL the router cannot decode, an upstream that dropped the connection).
 */
import http from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { normalizeLocale, type Locale } from '@scholars/shared-contracts/i18n';
import { translateMessage, type ValidationMessageKey } from '@scholars/shared-contracts/schemas';

export interface ErrorEnvelope {
  status: false;
  msg: string;
  err: number;
}

const STATUS_KEYS: Record<number, ValidationMessageKey> = {
  400: 'validation.invalidInput',
  404: 'validation.notFound',
  405: 'validation.methodNotAllowed',
  413: 'validation.payloadTooLarge',
  414: 'validation.payloadTooLarge',
  415: 'validation.unsupportedMediaType',
  429: 'validation.tooManyRequests',
  431: 'validation.payloadTooLarge',
  502: 'validation.serviceUnavailable',
  503: 'validation.serviceUnavailable',
  504: 'validation.serviceUnavailable',
};

const CODE_KEYS: Record<string, ValidationMessageKey> = {
  FST_ERR_CTP_EMPTY_JSON_BODY: 'validation.bodyRequired',
  FST_ERR_CTP_INVALID_JSON_BODY: 'validation.invalidJson',
  FST_ERR_CTP_BODY_TOO_LARGE: 'validation.payloadTooLarge',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'validation.unsupportedMediaType',
};

export function envelope(status: number, locale: Locale, key: ValidationMessageKey = STATUS_KEYS[status] ?? 'validation.serverError'): ErrorEnvelope {
  return { status: false, msg: translateMessage(locale, key), err: status };
}

/** The answer language from Accept-Language (ar or en, default en), as the API picks it. */
export const localeOf = (request: { headers: FastifyRequest['headers'] }): Locale => normalizeLocale(request.headers['accept-language']);

export function sendError(request: FastifyRequest, reply: FastifyReply, status: number, key?: ValidationMessageKey) {
  // The page policy headers (helmet) are not for a JSON answer; nosniff is, and is set by helmet
  // where it ran (framework errors answer before any hook).
  return reply.code(status).header('x-content-type-options', 'nosniff').send(envelope(status, localeOf(request), key));
}

/**
 * Every error a route, a hook or a plugin raised: its own 4xx with the envelope (bad input is the
 * client's), anything else a 500 with a generic message, logged.
 */
export function errorHandler(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  const status = typeof error.statusCode === 'number' ? error.statusCode : 500;
  if (status >= 400 && status < 500) return sendError(request, reply, status, (error.code && CODE_KEYS[error.code]) || undefined);
  request.log.error({ err: error }, 'request failed');
  if (status === 502 || status === 503 || status === 504) return sendError(request, reply, status);
  return sendError(request, reply, 500, 'validation.serverError');
}

/**
 * Errors the router raises before any route or hook (`frameworkErrors`): a path that does not
 * decode (FST_ERR_BAD_URL, 400), a parameter over the router's length (FST_ERR_MAX_PARAM_LENGTH,
 * 414). Their status is kept; only the body changes.
 */
export function frameworkErrorHandler(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  const status = error.statusCode ?? 500;
  if (status >= 400 && status < 500) return sendError(request, reply, status);
  request.log.error({ err: error }, 'request failed');
  return sendError(request, reply, 500, 'validation.serverError');
}

/**
 * A request Node's HTTP parser refused before Fastify saw it (a malformed request line, headers
 * over the size limit, a request that took too long): the envelope on the raw socket, in English
 * (the headers, Accept-Language among them, were not parsed), then the connection is closed.
 */
export function clientErrorHandler(error: NodeJS.ErrnoException, socket: Socket) {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const status = error.code === 'ERR_HTTP_REQUEST_TIMEOUT' ? 408 : error.code === 'HPE_HEADER_OVERFLOW' ? 431 : 400;
  const body = JSON.stringify(envelope(status, 'en', status === 408 ? 'validation.serviceUnavailable' : undefined));
  if (socket.writable) {
    socket.write(
      `HTTP/1.1 ${status} ${http.STATUS_CODES[status]}\r\nContent-Type: application/json; charset=utf-8\r\n` +
        `Content-Length: ${Buffer.byteLength(body)}\r\nX-Content-Type-Options: nosniff\r\nConnection: close\r\n\r\n${body}`,
    );
  }
  socket.destroy(error);
}
