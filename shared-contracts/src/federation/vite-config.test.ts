// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { verifySharedTreeShaking } from './vite-config';
import { REACT_I18NEXT_EXPORTS } from './shared-config';

/** Runs the plugin's check over one emitted chunk; the message of the build error, if any. */
function check(fileName: string, code: string, moduleIds: string[] = []): string | null {
  const plugin = verifySharedTreeShaking();
  const hook = plugin.generateBundle as (this: { error(message: string): never }, options: unknown, bundle: Record<string, unknown>) => void;
  try {
    hook.call({ error: (message: string) => { throw new Error(message); } }, {}, { [fileName]: { type: 'chunk', fileName, code, moduleIds } });
    return null;
  } catch (error) {
    return (error as Error).message;
  }
}

const i18nChunk = 'assets/__mfe_internal__conferences__mf_owner__1__tree_shaking__react_mf_2_i18next-CGuLlOTU.js';
const provider = '/repo/node_modules/__mf__virtual/conferences__treeShakingProvider__react_mf_2_i18next.js';
const packageModules = [provider, '/repo/node_modules/react-i18next/dist/es/index.js?__mf_tree_shaking_graph__=react-i18next'];
const allExports = `{${REACT_I18NEXT_EXPORTS.map((name) => `${name}:a`).join(',')}}`;

describe('verifySharedTreeShaking', () => {
  it('passes a tree-shaken copy that has every listed export', () => {
    expect(check(i18nChunk, `var V=${allExports};export{V as default}`, packageModules)).toBeNull();
  });

  it('stops the build on a copy that came out without them (what once broke every embed)', () => {
    expect(check(i18nChunk, 'var V={};var W=[`I18nextProvider`,`initReactI18next`,`useTranslation`];export{V as default,W as usedExports}', packageModules)).toMatch(
      /react-i18next lacks I18nextProvider, initReactI18next, useTranslation/,
    );
  });

  it("stops the build on a copy that names every export but re-exports the remote's proxy, not the package", () => {
    // What a CI build shipped: the names are there, their values undefined on an integrator's page.
    const code = `import{an as e,in as t,rn as n}from"./_virtual_mf___loadShare__shared-Ch8j1ofJ.js";var r=${allExports};export{r as default}`;
    expect(check(i18nChunk, code, [provider])).toMatch(/react-i18next lacks the package's code/);
  });

  it('leaves other chunks alone', () => {
    expect(check('assets/index-abc.js', 'export{}')).toBeNull();
  });
});
