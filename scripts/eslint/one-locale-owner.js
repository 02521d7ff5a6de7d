/**
 * ESLint rule `scholars/one-locale-owner`: language, direction, digits and dates have one owner,
 * `shared-contracts/src/i18n` (imported as `@scholars/shared-contracts/locale`). Outside it, this
 * rule refuses what would decide them again by hand:
 * - a direction picked inline (`x ? 'rtl' : 'ltr'`, or `locale === 'ar' ? 'rtl' : ...`): use
 *   `directionOf(locale)` (a forced direction, `forceLtr ? 'ltr' : dir`, is not a choice by language);
 * - a union of the locale codes (`'en' | 'ar'`): use the `Locale` type;
 * - `toLocaleDateString` / `toLocaleTimeString` / `toLocaleString` and `Intl.DateTimeFormat` /
 *   `Intl.NumberFormat`: use the named formats (`formatDate`, `formatNumber`...), which apply the
 *   digit policy (Western digits) and the time zones; `Intl.DisplayNames`: use `countryName` /
 *   `countryOptions` of `@scholars/shared-contracts/countries`.
 */
const LOCALE_CODES = new Set(['en', 'ar']);
const DIRECTIONS = new Set(['rtl', 'ltr']);
const TO_LOCALE = new Set(['toLocaleDateString', 'toLocaleTimeString', 'toLocaleString']);
const INTL_FORMATS = new Set(['DateTimeFormat', 'NumberFormat', 'DisplayNames']);

const isDirection = (node) => node?.type === 'Literal' && DIRECTIONS.has(node.value);
const isLocaleCode = (node) => node?.type === 'Literal' && LOCALE_CODES.has(node.value);
/** `locale === 'ar'`, `'en' !== lang`... */
const comparesLocaleCode = (test) =>
  test.type === 'BinaryExpression' && ['===', '!==', '==', '!='].includes(test.operator) && (isLocaleCode(test.left) || isLocaleCode(test.right));
const localeCodeOf = (node) =>
  node.type === 'TSLiteralType' && node.literal.type === 'Literal' && LOCALE_CODES.has(node.literal.value) ? node.literal.value : null;

/** `Intl.DateTimeFormat`, `globalThis.Intl.NumberFormat`... */
function intlFormatName(callee) {
  if (callee?.type !== 'MemberExpression' || callee.computed || !INTL_FORMATS.has(callee.property.name)) return null;
  const object = callee.object;
  const isIntl =
    (object.type === 'Identifier' && object.name === 'Intl') ||
    (object.type === 'MemberExpression' && !object.computed && object.property.name === 'Intl');
  return isIntl ? callee.property.name : null;
}

export default {
  meta: {
    type: 'problem',
    docs: { description: 'Language, direction, digits and dates are decided only by @scholars/shared-contracts/locale' },
    schema: [],
    messages: {
      direction: 'Direction is decided by the locale owner: use directionOf(locale) from @scholars/shared-contracts/locale.',
      localeUnion: "Use the Locale type of @scholars/shared-contracts/locale, not a union of 'en' and 'ar'.",
      toLocale: '{{name}} picks digits and zones by itself: use formatDate / formatNumber of @scholars/shared-contracts/locale.',
      intl: 'Intl.{{name}} outside the locale owner: use formatDate / formatNumber of @scholars/shared-contracts/locale (countryName of @scholars/shared-contracts/countries for a country).',
    },
  },
  create(context) {
    const checkIntl = (node) => {
      const name = intlFormatName(node.callee);
      if (name) context.report({ node, messageId: 'intl', data: { name } });
    };
    return {
      ConditionalExpression(node) {
        const both = isDirection(node.consequent) && isDirection(node.alternate);
        const byLanguage = comparesLocaleCode(node.test) && (isDirection(node.consequent) || isDirection(node.alternate));
        if (both || byLanguage) context.report({ node, messageId: 'direction' });
      },
      TSUnionType(node) {
        const codes = new Set(node.types.map(localeCodeOf).filter(Boolean));
        if (codes.size === LOCALE_CODES.size) context.report({ node, messageId: 'localeUnion' });
      },
      CallExpression(node) {
        const callee = node.callee;
        if (callee.type === 'MemberExpression' && !callee.computed && TO_LOCALE.has(callee.property.name)) {
          context.report({ node, messageId: 'toLocale', data: { name: callee.property.name } });
        }
        checkIntl(node);
      },
      NewExpression: checkIntl,
    };
  },
};
