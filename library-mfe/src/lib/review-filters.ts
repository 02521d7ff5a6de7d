/**
 * The review queue's filters live in the address (shareable, survive a reload, the shared
 * Pagination keeps them): these read them into the API's query and write a change back.
 */
import { RESEARCH_STATUSES, type ResearchStatus, type ReviewListQuery } from '@scholars/shared-contracts/schemas';

/** The queue's default: what waits for a reviewer. `all` in the address means no status filter. */
export const DEFAULT_REVIEW_STATUS: ResearchStatus = 'under_review';
export const ALL = 'all';
export const REVIEW_PAGE_SIZE = 20;
const RESEARCH_TYPES = ['master', 'doctorate', 'general'] as const;

const positiveInt = (value: string | null) => {
  if (!value || !/^\d{1,9}$/.test(value)) return undefined;
  const number = Number(value);
  return number >= 1 ? number : undefined;
};

/** The query of `GET review/research`, page and size always set. */
export type ReviewQuery = Omit<ReviewListQuery, 'page' | 'limit' | 'category_id' | 'overdue'> & { page: number; limit: number; category_id?: number; overdue?: boolean };

/** The address's filters as `GET review/research` takes them (anything malformed is left out). */
export function reviewQueryFromSearch(search: URLSearchParams): ReviewQuery {
  const status = search.get('status');
  const type = search.get('research_type');
  const language = search.get('language');
  const assigned = search.get('assigned');
  const q = search.get('q')?.trim();
  const query: ReviewQuery = {
    status: status === ALL ? undefined : (RESEARCH_STATUSES as readonly string[]).includes(status ?? '') ? (status as ResearchStatus) : DEFAULT_REVIEW_STATUS,
    research_type: (RESEARCH_TYPES as readonly string[]).includes(type ?? '') ? (type as (typeof RESEARCH_TYPES)[number]) : undefined,
    category_id: positiveInt(search.get('category_id')),
    language: language === 'ar' || language === 'en' ? language : undefined,
    overdue: search.get('overdue') === 'true' ? true : undefined,
    assigned: assigned === 'me' || assigned === 'unassigned' ? assigned : undefined,
    q: q ? q.slice(0, 200) : undefined,
    page: positiveInt(search.get('page')) ?? 1,
    limit: REVIEW_PAGE_SIZE,
  };
  return Object.fromEntries(Object.entries(query).filter(([, value]) => value !== undefined)) as ReviewQuery;
}
