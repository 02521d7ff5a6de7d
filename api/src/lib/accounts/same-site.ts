/**
 * Refuses cross-site requests to the cookie-authenticated calls (refresh, logout): a browser
 * request is accepted when its Origin is the site itself, PUBLIC_BASE_URL or one of CORS_ORIGINS,
 * or when Sec-Fetch-Site says same-origin, same-site or none (typed address). A request with
 * neither header does not come from a browser page (curl, server-to-server) and is accepted; the
 * SameSite=Strict cookie already keeps other sites' pages from sending the refresh token.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';

export function allowedOrigins(app: FastifyInstance): Set<string> {
  return new Set([...app.config.CORS_ORIGINS, new URL(app.config.PUBLIC_BASE_URL).origin]);
}

export function isSameSiteRequest(app: FastifyInstance, request: FastifyRequest, allowed = allowedOrigins(app)): boolean {
  const origin = typeof request.headers.origin === 'string' ? request.headers.origin : undefined;
  const site = typeof request.headers['sec-fetch-site'] === 'string' ? request.headers['sec-fetch-site'] : undefined;
  if (origin && origin !== 'null') {
    if (allowed.has(origin)) return true;
    const host = request.headers.host;
    if (host && (origin === `${request.protocol}://${host}`)) return true;
  }
  if (site) return site === 'same-origin' || site === 'same-site' || site === 'none';
  return origin === undefined;
}
