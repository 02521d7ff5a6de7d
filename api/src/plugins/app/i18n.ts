import fp from 'fastify-plugin';
import { translateMessage, type MessageParams } from '@scholars/shared-contracts/schemas';
import { localeFromHeader, type Locale } from '../../lib/locale';

declare module 'fastify' {
  interface FastifyRequest {
    /** Answer language from Accept-Language (ar or en, default en). */
    locale: Locale;
    /** A `validation.*` message in the request's language. */
    t(key: string, params?: MessageParams): string;
  }
}

/** The language of each answer: `request.locale` and `request.t(key, params)`. */
export default fp(
  async (app) => {
    app.decorateRequest('locale', 'en');
    app.decorateRequest('t', function (this: { locale: Locale }, key: string, params?: MessageParams) {
      return translateMessage(this.locale, key, params);
    });
    // Browsers send a handful of distinct headers: each is parsed once.
    const known = new Map<string, Locale>();
    app.addHook('onRequest', (request, _reply, done) => {
      const header = request.headers['accept-language'];
      if (typeof header !== 'string') {
        request.locale = localeFromHeader(header);
        return done();
      }
      let locale = known.get(header);
      if (locale === undefined) {
        locale = localeFromHeader(header);
        if (known.size < 500) known.set(header, locale);
      }
      request.locale = locale;
      done();
    });
  },
  { name: 'i18n' },
);
