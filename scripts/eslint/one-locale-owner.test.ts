import { fileURLToPath } from 'node:url';
import { ESLint, RuleTester } from 'eslint';
import tseslint from 'typescript-eslint';
import { afterAll, describe, expect, it } from 'vitest';
import oneLocaleOwner from './one-locale-owner.js';

RuleTester.describe = describe;
RuleTester.it = it;
RuleTester.afterAll = afterAll;

const tester = new RuleTester({ languageOptions: { parser: tseslint.parser } });

tester.run('one-locale-owner', oneLocaleOwner, {
  valid: [
    "const dir = directionOf(locale);",
    "type Pair = 'en' | 'fr';",
    "type Theme = 'light' | 'dark';",
    "const title = localizedField(item, 'title', locale);",
    "const text = formatDate(iso, locale, 'dateTime', zone);",
    "const name = locale === 'ar' ? 'سارة' : 'Sara';",
    "const n = value.toString();",
    // A forced direction is not a choice by language (spec: the events slider stays left-to-right).
    "const dir = forceLtr ? 'ltr' : pageDir;",
  ],
  invalid: [
    { code: "const dir = locale === 'ar' ? 'rtl' : 'ltr';", errors: [{ messageId: 'direction' }] },
    { code: "const dir = isArabic ? 'rtl' : 'ltr';", errors: [{ messageId: 'direction' }] },
    { code: "const dir = 'en' !== lang ? 'rtl' : pageDir;", errors: [{ messageId: 'direction' }] },
    { code: "let locale: 'en' | 'ar';", errors: [{ messageId: 'localeUnion' }] },
    { code: "function f(language?: 'ar' | 'en' | null) {}", errors: [{ messageId: 'localeUnion' }] },
    { code: 'const d = date.toLocaleDateString("ar-AE");', errors: [{ messageId: 'toLocale' }] },
    { code: 'const t = date.toLocaleTimeString();', errors: [{ messageId: 'toLocale' }] },
    { code: "const n = (5).toLocaleString('ar');", errors: [{ messageId: 'toLocale' }] },
    { code: "const f = new Intl.DateTimeFormat('en-GB', { dateStyle: 'long' });", errors: [{ messageId: 'intl' }] },
    { code: "const f = Intl.NumberFormat('ar-AE');", errors: [{ messageId: 'intl' }] },
    { code: "const names = new Intl.DisplayNames(['ar'], { type: 'region' });", errors: [{ messageId: 'intl' }] },
    { code: "const f = new globalThis.Intl.DateTimeFormat('ar');", errors: [{ messageId: 'intl' }] },
  ],
});

describe('the project config applies the rule outside the owner only', () => {
  const root = fileURLToPath(new URL('../..', import.meta.url));
  const planted = [
    "import type { Locale } from '@scholars/shared-contracts/locale';",
    "export const dir = (locale: Locale) => (locale === 'ar' ? 'rtl' : 'ltr');",
    "export const day = (date: Date) => new Intl.DateTimeFormat('ar-AE').format(date);",
    "export type Language = 'en' | 'ar';",
    '',
  ].join('\n');

  const ruleErrors = async (filePath: string) => {
    const [result] = await new ESLint({ cwd: root }).lintText(planted, { filePath });
    return (result?.messages ?? []).filter((message) => message.ruleId === 'scholars/one-locale-owner').map((message) => message.messageId);
  };

  it.each(['conferences-mfe/src/planted.tsx', 'api/src/planted.ts', 'shell/server/planted.ts', 'e2e/tests/planted.spec.ts', 'shared-contracts/src/ui/planted.ts'])(
    'fails a planted violation in %s',
    async (filePath) => {
      expect((await ruleErrors(filePath)).sort()).toEqual(['direction', 'intl', 'localeUnion']);
    },
  );

  it('lets the owner itself decide', async () => {
    expect(await ruleErrors('shared-contracts/src/i18n/planted.ts')).toEqual([]);
  });
});
