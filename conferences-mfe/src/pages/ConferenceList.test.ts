import { describe, expect, it } from 'vitest';
import type { Locale } from '@scholars/shared-contracts/locale';
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
    expect(listRequest(null, readListParams(new URLSearchParams()), 'en')).toBeNull();
  });
});

describe('the sort in the URL (issue 24: best match while a term is searched)', () => {
  const request = (query: string, locale: Locale = 'en') => listRequest(1, readListParams(new URLSearchParams(query)), locale)?.col;
  it('is upcoming without a term, relevance with one, unless another was chosen meanwhile', () => {
    expect(request('')).toBe('upcoming');
    expect(request('q=ai')).toBe('relevance');
    expect(request('q=ai&qsort=start_date')).toBe('start_date');
    expect(request('sort=start_date')).toBe('start_date');
    // The sort chosen before the term comes back once the term is gone (qsort goes with it).
    expect(request('q=ai&sort=start_date')).toBe('relevance');
  });
  it('sorts by the title of the page language, and ignores an unknown sort', () => {
    expect(request('sort=title', 'en')).toBe('title_en');
    expect(request('sort=title', 'ar')).toBe('title');
    expect(request('sort=password')).toBe('upcoming');
    expect(request('q=ai&qsort=relevance')).toBe('relevance');
  });
});
