import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import { tsImport } from 'tsx/esm/api';
import oneLocaleOwner from './scripts/eslint/one-locale-owner.js';

// The remote list has one owner: the route table (TypeScript, read through tsx).
const { REMOTES: remotes } = await tsImport('./shared-contracts/src/routes.ts', import.meta.url);

// Import boundaries (docs/architecture.md): shared-contracts <- remotes <- shell.
// A remote never imports another remote or the shell; shared-contracts imports no app;
// the API imports no front-end code (it may use shared-contracts' schemas, locale, routes and authorization only).
// The API package is named by its own folders: each remote has a `src/api/` folder of its own calls,
// which a bare `**/api/**` would refuse too.
const apiPackage = ['@scholars/api', '@scholars/api/*', ...['src', 'test', 'scripts', 'drizzle', 'seed-assets'].map((dir) => `**/api/${dir}/**`), '**/api/package.json', '**/api/drizzle.config*'];
const appPatterns = (names) =>
  names.flatMap((name) => (name === 'api' ? apiPackage : [`@scholars/${name}`, `@scholars/${name}/*`, `**/${name}/**`]));
const remoteBoundary = (remote) => ({
  files: [`${remote}-mfe/**/*.{ts,tsx}`],
  rules: {
    'no-restricted-imports': ['error', {
      patterns: [{
        group: appPatterns([...remotes.filter((r) => r !== remote).map((r) => `${r}-mfe`), 'shell', 'api']),
        message: 'A remote talks to other apps only through @scholars/shared-contracts.',
      }],
    }],
  },
});

export default tseslint.config(
  { ignores: ['**/dist/**', '**/node_modules/**', '**/.data/**', 'api/drizzle/**', '**/test-results/**', '**/playwright-report/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  {
    files: ['shell/src/**/*.{ts,tsx}', '*-mfe/src/**/*.{ts,tsx}', 'shared-contracts/src/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: { 'react-hooks/rules-of-hooks': 'error', 'react-hooks/exhaustive-deps': 'warn' },
  },
  ...remotes.map(remoteBoundary),
  {
    files: ['shared-contracts/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': ['error', {
        patterns: [{ group: appPatterns(['shell', 'api', ...remotes.map((r) => `${r}-mfe`)]), message: 'shared-contracts imports no app.' }],
      }],
    },
  },
  {
    files: ['api/**/*.ts'],
    rules: {
      'no-restricted-imports': ['error', {
        patterns: [
          { group: appPatterns(['shell', ...remotes.map((r) => `${r}-mfe`)]), message: 'The API never imports front-end code.' },
          { regex: '^@scholars/shared-contracts(?!/(schemas|locale|routes|authorization|search)$)(/.*)?$', message: 'The API may use only shared-contracts/schemas, /locale, /routes, /authorization and /search (the one search fold).' },
        ],
      }],
    },
  },
  {
    // Language, direction, digits and dates have one owner (docs/decisions.md, "Language, digits and dates").
    files: ['**/*.{ts,tsx}'],
    ignores: ['shared-contracts/src/i18n/**'],
    plugins: { scholars: { rules: { 'one-locale-owner': oneLocaleOwner } } },
    rules: { 'scholars/one-locale-owner': 'error' },
  },
  {
    // Logical CSS only (RTL): physical left/right utilities point the wrong way in Arabic.
    files: ['shell/src/**/*.tsx', '*-mfe/src/**/*.tsx', 'shared-contracts/src/**/*.tsx'],
    rules: {
      'no-restricted-syntax': ['error', {
        selector: 'Literal[value=/(^|\\s)-?(ml|mr|pl|pr|left|right|rounded-l|rounded-r|rounded-tl|rounded-tr|rounded-bl|rounded-br|border-l|border-r|scroll-ml|scroll-mr)-|(^|\\s)text-(left|right)(\\s|$)/]',
        message: 'Use logical utilities (ms-/me-/ps-/pe-/start-/end-/text-start/text-end) so the layout flips in RTL.',
      }, {
        selector: 'TemplateElement[value.raw=/(^|\\s)-?(ml|mr|pl|pr|left|right|rounded-l|rounded-r|border-l|border-r)-|(^|\\s)text-(left|right)(\\s|$)/]',
        message: 'Use logical utilities (ms-/me-/ps-/pe-/start-/end-/text-start/text-end) so the layout flips in RTL.',
      }],
    },
  },
);
