/**
 * The list a library item was opened from: its card passes the list's query (tab, search, filters,
 * page) in the history entry's state, and the item's "Back to the library" returns to that list,
 * not to the first tab's first page.
 */
export const listReturnState = (search: string) => ({ libraryList: search });

/** The list query kept in `state` (a `?…` string), else '' (an item opened from elsewhere). */
export function listReturnSearch(state: unknown): string {
  const value = (state as { libraryList?: unknown } | null)?.libraryList;
  return typeof value === 'string' && value.startsWith('?') ? value : '';
}
