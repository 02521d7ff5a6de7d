import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * The English texts spell one way, the spec's ("Deletion canceled", invoice status "canceled"):
 * a member's profile once read "Canceled by you" on a consultation and "Cancelled by you" on a
 * registration. Only the words that were mixed are checked, in string literals of the apps' and
 * the API's sources (texts, mails, messages), not in comments or identifiers.
 */
// iCalendar's STATUS:CANCELLED is the standard's word, not a text.
const BRITISH = /(^|[^-\w])([Cc]ancell(?:ed|ing)|[Oo]rganis(?:e|ed|er|ers|ing|ation|ational))\b/;
const root = path.resolve(import.meta.dirname, '..');
const STRING_LITERAL = /(['"`])((?:\\.|(?!\1)[^\\\n])*)\1/g;

describe('English spelling', () => {
  it('no text of the site or its mails says "cancelled" or "organise" (American, as the spec)', () => {
    const sources = execFileSync('git', ['ls-files', 'shell/src', 'shared-contracts/src', 'conferences-mfe/src', 'community-mfe/src', 'library-mfe/src', 'account-mfe/src', 'api/src'], { cwd: root, encoding: 'utf8' })
      .split('\n')
      .filter((file) => /\.tsx?$/.test(file) && !/\.test\.tsx?$/.test(file));
    expect(sources.length).toBeGreaterThan(100);
    const found: string[] = [];
    for (const file of sources) {
      for (const [, , text] of readFileSync(path.join(root, file), 'utf8').matchAll(STRING_LITERAL)) {
        const word = BRITISH.exec(text!);
        if (word) found.push(`${file}: ${word[2]}`);
      }
    }
    expect(found).toEqual([]);
  });
});
