import type { ReactNode } from 'react';

/**
 * The line a form shows when it opened with what was typed before (`useFormDraft`'s `restored`):
 * one look for every kept form; the words are the form's (what to check, files to choose again).
 */
export function DraftRestored({ shown, testId, children }: { shown: boolean; testId: string; children: ReactNode }) {
  if (!shown) return null;
  return (
    <p role="status" data-testid={testId} className="rounded-lg bg-sky-50 px-4 py-3 text-sm text-sky-950 dark:bg-sky-950 dark:text-sky-50">
      {children}
    </p>
  );
}
