// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { verifySharedTreeShaking } from './vite-config';
import { REACT_I18NEXT_EXPORTS } from './shared-config';

/** Runs the plugin's check over one emitted chunk; the message of the build error, if any. */
function check(fileName: string, code: string): string | null {
  const plugin = verifySharedTreeShaking();
  const hook = plugin.generateBundle as (this: { error(message: string): never }, options: unknown, bundle: Record<string, unknown>) => void;
  try {
    hook.call({ error: (message: string) => { throw new Error(message); } }, {}, { [fileName]: { type: 'chunk', fileName, code } });
    return null;
  } catch (error) {
    return (error as Error).message;
  }
}

const i18nChunk = 'assets/__mfe_internal__conferences__mf_owner__1__tree_shaking__react_mf_2_i18next-CGuLlOTU.js';

describe('verifySharedTreeShaking', () => {
  it('passes a tree-shaken copy that has every listed export', () => {
    const code = `var V={${REACT_I18NEXT_EXPORTS.map((name) => `${name}:a`).join(',')}};export{V as default}`;
    expect(check(i18nChunk, code)).toBeNull();
  });

  it('stops the build on a copy that came out without them (what once broke every embed)', () => {
    expect(check(i18nChunk, 'var V={};var W=[`I18nextProvider`,`initReactI18next`,`useTranslation`];export{V as default,W as usedExports}')).toMatch(
      /react-i18next lacks I18nextProvider, initReactI18next, useTranslation/,
    );
  });

  it('leaves other chunks alone', () => {
    expect(check('assets/index-abc.js', 'export{}')).toBeNull();
  });
});
