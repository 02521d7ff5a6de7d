import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { NAMESPACE } from '../i18n';

// The details page (its tabs, the chat with its socket, zod and the shared schemas that parse the
// chat's frames) loads when that page is opened, not with the list that shares this expose (issue 6).
// A failed fetch is not kept (React keeps a lazy component's failure for good): the shell's area
// shows its failure with a retry, and the retry renders a fresh lazy component that fetches again.
function lazyDetails() {
  return lazy(() =>
    import('./CommunityDetails').then(
      (module) => ({ default: module.CommunityDetails }),
      (error: unknown) => {
        DetailsPage = lazyDetails();
        throw error;
      },
    ),
  );
}
let DetailsPage = lazyDetails();

/**
 * `/community/{id}`: the details page, fetched on first use. Until its code has arrived it shows
 * the page's own loading state (same text, same place), so the wait reads as one.
 */
export function LazyCommunityDetails() {
  const { t } = useTranslation(NAMESPACE);
  return (
    <Suspense
      fallback={
        <div
          className="mx-auto max-w-7xl px-4 py-16 text-center text-slate-500 dark:text-slate-400"
          role="status"
          aria-busy="true"
          data-testid="community-details"
          data-state="loading"
        >
          {t('details.loading')}
        </div>
      }
    >
      <DetailsPage />
    </Suspense>
  );
}
