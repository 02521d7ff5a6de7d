import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

/**
 * The import boundaries of eslint.config.js (docs/architecture.md): a remote imports no other remote,
 * no shell and no API code, yet its own `src/api/` folder (its calls) is its own.
 */
describe('the import boundaries of the project config', () => {
  const root = fileURLToPath(new URL('../..', import.meta.url));
  const boundaryErrors = async (filePath: string, source: string) => {
    const [result] = await new ESLint({ cwd: root }).lintText(`import { x } from '${source}';\nexport { x };\n`, { filePath });
    return (result?.messages ?? []).filter((message) => message.ruleId === 'no-restricted-imports').length;
  };

  it.each([
    ['conferences-mfe/src/pages/Planted.tsx', '../api/conferences'],
    ['account-mfe/src/pages/profile/Planted.tsx', '../../api/profile'],
    ['library-mfe/src/exposes/planted.ts', '../api/research'],
    ['community-mfe/src/planted.ts', './api/research-community'],
    ['conferences-mfe/src/pages/Planted.tsx', '@scholars/shared-contracts'],
  ])('lets %s import %s', async (filePath, source) => {
    expect(await boundaryErrors(filePath, source)).toBe(0);
  });

  it.each([
    ['conferences-mfe/src/pages/Planted.tsx', '../../../api/src/lib/mail'],
    ['conferences-mfe/src/planted.ts', '../../api/test/helpers'],
    ['conferences-mfe/vite.config.ts', '../api/package.json'],
    ['account-mfe/src/pages/Planted.tsx', '@scholars/api'],
    ['account-mfe/src/pages/Planted.tsx', '../../../community-mfe/src/api/research-community'],
    ['library-mfe/src/pages/Planted.tsx', '../../../shell/src/app/remote/RemoteArea'],
    ['shared-contracts/src/ui/Planted.tsx', '../../../api/src/db'],
  ])('refuses %s importing %s', async (filePath, source) => {
    expect(await boundaryErrors(filePath, source)).toBe(1);
  });
});
