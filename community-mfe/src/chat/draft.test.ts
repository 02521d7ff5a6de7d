import { afterEach, describe, expect, it } from 'vitest';
import { clearSentDraft, draftKey, readDraft, writeDraft } from './draft';

afterEach(() => sessionStorage.clear());

describe('chat drafts', () => {
  it('keeps one draft per account and research, and forgets it once that text is sent', () => {
    const key = draftKey('5', 7);
    expect(key).not.toBe(draftKey('6', 7));
    expect(key).not.toBe(draftKey('5', 8));
    writeDraft(key, ' Hello ');
    expect(readDraft(key)).toBe(' Hello ');
    clearSentDraft(key, 'Other text');
    expect(readDraft(key)).toBe(' Hello ');
    clearSentDraft(key, 'Hello');
    expect(readDraft(key)).toBe('');
    writeDraft(key, 'x');
    writeDraft(key, '');
    expect(sessionStorage.getItem(key)).toBeNull();
  });
});
