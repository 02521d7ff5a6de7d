/**
 * The document title (issue 21): the shell owns `<title>`, a page names itself. A remote page calls
 * `usePageTitle(t('...'))` (or the name of what it shows); the shell writes
 * "<page> · <site name in the page's language>". A server-rendered remote page returns the same
 * name as `title` from its `loadData` (ServerPageData), so the served HTML has it.
 */
import { useEffect } from 'react';
import { eventBus } from './events';

/**
 * Names the current page while it is shown (`page-title` on the bus), and again when the name
 * changes (the language, the data). Nothing while `title` is undefined or empty (data still
 * loading): the route's default stays. Outside React, emit `page-title` on the bus.
 */
export function usePageTitle(title: string | null | undefined): void {
  useEffect(() => {
    if (title) eventBus.emit('page-title', { title });
  }, [title]);
}
