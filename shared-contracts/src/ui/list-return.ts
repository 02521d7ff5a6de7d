/**
 * The list an item was opened from: the list's link passes its query (tab, search, filters, page)
 * in the history entry's state, and the item's "Back to ..." returns to that list, not to its first
 * page without the search. Opened from elsewhere (a shared link, a reload of a new tab), the list itself.
 */
export const listReturnState = (search: string) => ({ listSearch: search });

/** The list query kept in `state` (a `?…` string), else '' (an item opened from elsewhere). */
export function listReturnSearch(state: unknown): string {
  const value = (state as { listSearch?: unknown } | null)?.listSearch;
  return typeof value === 'string' && value.startsWith('?') ? value : '';
}
