/**
 * Short-lived links to private files. A page cannot put the bearer token on an `<iframe src>` or a
 * download link, so an authorized call (`POST .../file-link`) returns addresses carrying a signed
 * token: which file (scope + id), for whom, until when. The token is checked again when the file
 * is fetched; it cannot open another file and expires after {@link FILE_LINK_TTL_SECONDS}.
 *
 * The key is derived (HKDF, its own label per use) from JWT_SECRET or COOKIE_SECRET (shared by
 * every API process); without either (development, tests) it is random per process.
 */
import { createHmac, hkdfSync, randomBytes, timingSafeEqual } from 'node:crypto';
import type { FastifyReply } from 'fastify';
import { contentDisposition } from './names';
import type { StoredObject } from './storage';

export const FILE_LINK_TTL_SECONDS = 15 * 60;

export interface FileLinkClaims {
  /** What kind of file: `library`, `research`... */
  scope: string;
  id: number;
  /** The user the link was made for. */
  uid: number;
  /** Expiry, seconds since the epoch. */
  exp: number;
}

export type FileLinkCheck = { ok: true; claims: FileLinkClaims } | { ok: false; reason: 'invalid' | 'expired' };

const processKeys = new Map<string, Buffer>();

function keyFrom(secret: string | undefined, label: string): Buffer {
  if (secret) return Buffer.from(hkdfSync('sha256', secret, 'scholars-hub', label, 32));
  let key = processKeys.get(label);
  if (!key) {
    key = randomBytes(32);
    processKeys.set(label, key);
  }
  return key;
}

const b64 = (value: Buffer | string) => Buffer.from(value).toString('base64url');

/** A signer whose tokens only verify with the same `secret` and `label`. */
export function createFileLinkSigner(secret: string | undefined, label: string) {
  const key = keyFrom(secret, label);
  const mac = (payload: string) => createHmac('sha256', key).update(payload).digest();
  return {
    sign(claims: Omit<FileLinkClaims, 'exp'>, ttlSeconds = FILE_LINK_TTL_SECONDS): { token: string; expiresAt: Date } {
      const exp = Math.floor(Date.now() / 1000) + ttlSeconds;
      const payload = b64(JSON.stringify({ s: claims.scope, i: claims.id, u: claims.uid, e: exp }));
      return { token: `${payload}.${b64(mac(payload))}`, expiresAt: new Date(exp * 1000) };
    },
    verify(token: string, scope: string, id: number): FileLinkCheck {
      const [payload, signature, extra] = token.split('.');
      if (!payload || !signature || extra !== undefined) return { ok: false, reason: 'invalid' };
      // The encoded text is compared, not the decoded bytes: base64url's last character carries
      // unused bits, so decoding would take several spellings of one signature.
      const expected = Buffer.from(b64(mac(payload)));
      const given = Buffer.from(signature);
      if (given.length !== expected.length || !timingSafeEqual(given, expected)) return { ok: false, reason: 'invalid' };
      let parsed: { s?: unknown; i?: unknown; u?: unknown; e?: unknown };
      try {
        parsed = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as typeof parsed;
      } catch {
        return { ok: false, reason: 'invalid' };
      }
      if (parsed.s !== scope || parsed.i !== id || typeof parsed.u !== 'number' || typeof parsed.e !== 'number') {
        return { ok: false, reason: 'invalid' };
      }
      if (parsed.e * 1000 <= Date.now()) return { ok: false, reason: 'expired' };
      return { ok: true, claims: { scope, id, uid: parsed.u, exp: parsed.e } };
    },
  };
}
export type FileLinkSigner = ReturnType<typeof createFileLinkSigner>;

/** Can this type be shown in the page (iframe, img) rather than only downloaded? */
export const isInlineType = (mime: string) => mime === 'application/pdf' || /^image\/(jpeg|png|webp)$/.test(mime);

/**
 * Sends a private file: its real type, `Content-Disposition` with the original name (inline to
 * view in the page, attachment to download), `nosniff`, and never cached by shared caches.
 */
export async function sendPrivateFile(
  reply: FastifyReply,
  file: { object: StoredObject; name: string; mime: string; download: boolean; fallbackName: string; frameAncestors: readonly string[] },
) {
  reply
    .header('Content-Type', file.mime)
    .header('Content-Length', String(file.object.size))
    .header('Content-Disposition', privateDisposition(file))
    .header('X-Content-Type-Options', 'nosniff')
    .header('Cache-Control', 'private, no-store')
    // Nothing runs in it; the site's pages (and the remotes' origins) may frame it.
    .header('Content-Security-Policy', `default-src 'none'; img-src 'self' data:; style-src 'unsafe-inline'; frame-ancestors ${file.frameAncestors.join(' ')}`)
    .header('Cross-Origin-Resource-Policy', 'same-site');
  // frame-ancestors decides who may show it; X-Frame-Options cannot express a list.
  reply.removeHeader('X-Frame-Options');
  return reply.send(file.object.body);
}

/** How a private file is offered: inline to view in the page, attachment to download, under its original name. */
export function privateDisposition(file: { name: string; mime: string; download: boolean; fallbackName: string }): string {
  const inline = !file.download && isInlineType(file.mime);
  return contentDisposition(inline ? 'inline' : 'attachment', file.name, file.fallbackName);
}
