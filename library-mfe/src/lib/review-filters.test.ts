import { describe, expect, it } from 'vitest';
import { reviewQueryParams } from '../api/review';
import { reviewQueryFromSearch } from './review-filters';

const query = (search: string) => reviewQueryFromSearch(new URLSearchParams(search));

describe('the review queue filters in the address', () => {
  it('default to what waits for a reviewer, first page, oldest first (the API default)', () => {
    expect(query('')).toEqual({ status: 'under_review', page: 1, limit: 20 });
    expect(reviewQueryParams(query(''))).toEqual({ status: 'under_review', page: '1', limit: '20' });
  });

  it('read every filter into the API query', () => {
    const params = reviewQueryParams(
      query('status=pending_supervisor&research_type=master&category_id=4&language=ar&overdue=true&assigned=me&q=%20%D8%A8%D8%AD%D8%AB%20&page=3'),
    );
    expect(params).toEqual({
      status: 'pending_supervisor',
      research_type: 'master',
      category_id: '4',
      language: 'ar',
      overdue: 'true',
      assigned: 'me',
      q: 'بحث',
      page: '3',
      limit: '20',
    });
  });

  it('"all" statuses sends no status; malformed values are left out, not sent', () => {
    expect(query('status=all')).toEqual({ page: 1, limit: 20 });
    expect(query('status=nope&research_type=x&category_id=-1&language=fr&overdue=yes&assigned=them&page=0&q=%20')).toEqual({ status: 'under_review', page: 1, limit: 20 });
    expect(query('category_id=1e3&page=2.5')).toEqual({ status: 'under_review', page: 1, limit: 20 });
  });
});
