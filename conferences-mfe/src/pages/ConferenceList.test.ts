import { describe, expect, it } from 'vitest';
import { isUnknownCategory, listRequest, readListParams } from './ConferenceList';

describe('isUnknownCategory (issue 21: /conferences/99999 is not found)', () => {
  const categories = [{ id: 1 }, { id: 2 }];
  it('an id that is no number is unknown at once, categories loaded or not', () => {
    expect(isUnknownCategory(null, undefined)).toBe(true);
    expect(isUnknownCategory(null, categories)).toBe(true);
  });
  it('a number is unknown only once the categories are known and it is not among them', () => {
    expect(isUnknownCategory(99999, undefined)).toBe(false);
    expect(isUnknownCategory(99999, categories)).toBe(true);
    expect(isUnknownCategory(2, categories)).toBe(false);
  });
  it('an id that is no number asks the API nothing', () => {
    expect(listRequest(null, readListParams(new URLSearchParams()))).toBeNull();
  });
});
