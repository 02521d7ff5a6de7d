import { lazy, Suspense, type ComponentType } from 'react';
import { useTranslation } from 'react-i18next';
import { NAMESPACE } from '../../i18n';

/**
 * The console's library content screens (issue 19), each a lazy chunk: their forms bring
 * react-hook-form, zod and the shared schemas, which the review queue and the supervisor console
 * (the same `./admin` expose) do not need.
 */
function lazyScreen(load: () => Promise<{ default: ComponentType }>, testId: string) {
  const Screen = lazy(load);
  function LazyScreen() {
    const { t } = useTranslation(NAMESPACE);
    return (
      <Suspense fallback={<p role="status" aria-busy="true" data-testid={`${testId}-loading`} className="text-slate-500 dark:text-slate-400">{t('admin.loading')}</p>}>
        <Screen />
      </Suspense>
    );
  }
  return LazyScreen;
}

export const AdminLibrary = lazyScreen(() => import('./AdminLibrary').then((module) => ({ default: module.AdminLibrary })), 'admin-library');
export const AdminEbook = lazyScreen(() => import('./AdminEbook').then((module) => ({ default: module.AdminEbook })), 'admin-ebook');
export const AdminUniversities = lazyScreen(() => import('./AdminUniversities').then((module) => ({ default: module.AdminUniversities })), 'admin-universities');
export const AdminCommunityCategories = lazyScreen(() => import('./AdminCommunityCategories').then((module) => ({ default: module.AdminCommunityCategories })), 'admin-categories');
export const AdminReasonTemplates = lazyScreen(() => import('./AdminReasonTemplates').then((module) => ({ default: module.AdminReasonTemplates })), 'admin-templates');
export const ResearchMetadata = lazyScreen(() => import('./ResearchMetadata').then((module) => ({ default: module.ResearchMetadata })), 'research-metadata');
