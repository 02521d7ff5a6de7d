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
    app.addHook('onRequest', async (request) => {
      request.locale = localeFromHeader(request.headers['accept-language']);
    });
  },
  { name: 'i18n' },
);
