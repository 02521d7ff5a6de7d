import fp from 'fastify-plugin';
import type { FastifyRequest } from 'fastify';
import { translateMessage, type MessageParams, type ServerMessageKey } from '@scholars/shared-contracts/schemas';
import { localeFromAcceptLanguage, normalizeLocale, type Locale } from '@scholars/shared-contracts/locale';

declare module 'fastify' {
  interface FastifyRequest {
    /** Answer language from Accept-Language (ar or en, default en). */
    locale: Locale;
    /** A message (`validation.*` refusal or `success.*`) in the request's language. */
    t(key: ServerMessageKey, params?: MessageParams): string;
  }
}

/** The language of each answer: `request.locale` and `request.t(key, params)`. */
export default fp(
  async (app) => {
    // Browsers send a handful of distinct headers: each is parsed once.
    const known = new Map<string, Locale>();
    // A getter, not an onRequest hook: the answers that do not depend on the language (the public
    // read cache's) never parse the header (issue 6).
    app.decorateRequest('locale', {
      getter(this: FastifyRequest): Locale {
        const header = this.headers['accept-language'];
        if (typeof header !== 'string') return normalizeLocale(header);
        let locale = known.get(header);
        if (locale === undefined) {
          locale = localeFromAcceptLanguage(header);
          if (known.size < 500) known.set(header, locale);
        }
        return locale;
      },
    });
    app.decorateRequest('t', function (this: { locale: Locale }, key: ServerMessageKey, params?: MessageParams) {
      return translateMessage(this.locale, key, params);
    });
  },
  { name: 'i18n' },
);
