import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocale } from '@scholars/shared-contracts';
import { secondaryButtonClass, useAsync } from '@scholars/shared-contracts/ui';
import type { AdminConsultationRating } from '@scholars/shared-contracts/schemas';
import { formatDate } from '@scholars/shared-contracts/locale';
import { NAMESPACE } from '../../i18n';
import '../../i18n/console';
import { fetchConsultationRatings, setReviewVisibility } from '../../api/admin-consultations';
import { LIST_LIMIT, ListResults, useListParams } from '../../components/AdminList';
import { ReasonDialog, useActionNotice, type ReasonRequest } from '../../components/ReasonDialog';
import { Badge, StackedCell, stackedRowClass } from '../../components/Status';

/**
 * The sessions' ratings (administrators), newest first: the stars, the review, consultant, member and
 * date; a review is hidden from the consultant's public page with a reason (audited), or shown again.
 */
export function AdminConsultationRatings() {
  const { t } = useTranslation(NAMESPACE);
  const { locale } = useLocale();
  const params = useListParams({});
  const list = useAsync((signal) => fetchConsultationRatings({ page: params.page, limit: LIST_LIMIT }, signal), [params.page]);
  const action = useActionNotice();
  const [asking, setAsking] = useState<ReasonRequest | null>(null);
  const toggle = (item: AdminConsultationRating) => {
    const hide = !item.hidden;
    setAsking({
      title: t(hide ? 'consultationsAdmin.ratings.hideTitle' : 'consultationsAdmin.ratings.showTitle', { consultant: item.consultant.name }),
      body: t(hide ? 'consultationsAdmin.ratings.hideBody' : 'consultationsAdmin.ratings.showBody'),
      confirmLabel: t(hide ? 'consultationsAdmin.ratings.hide' : 'consultationsAdmin.ratings.show'),
      reason: hide ? 'required' : 'optional',
      danger: hide,
      run: (reason) => {
        setAsking(null);
        void action.run(() => setReviewVisibility(item.consultationId, reason ? { hidden: hide, reason } : { hidden: hide }), list.reload);
      },
    });
  };
  return (
    <section data-testid="admin-consultation-ratings">
      <h1 className="text-3xl font-bold text-slate-900 dark:text-slate-50">{t('consultationsAdmin.ratings.title')}</h1>
      <p className="mt-2 text-slate-600 dark:text-slate-300">{t('consultationsAdmin.ratings.intro')}</p>
      {action.view}
      <div className="mt-6">
        <ListResults
          list={list}
          page={params.page}
          empty={t('consultationsAdmin.ratings.empty')}
          testId="ratings-table"
          total={(total) => t('consultationsAdmin.total', { total })}
          head={[t('consultationsAdmin.ratings.rating'), t('consultationsAdmin.ratings.review'), t('consultationsAdmin.sessions.consultant'), t('consultationsAdmin.sessions.member'), t('consultationsAdmin.ratings.date'), '']}
        >
          {(items) =>
            items.map((item) => (
              <tr key={item.consultationId} data-testid="rating-row" data-id={item.consultationId} data-hidden={item.hidden || undefined} className={stackedRowClass}>
                <StackedCell label={t('consultationsAdmin.ratings.rating')}>
                  <span aria-hidden="true" className="text-amber-600 dark:text-amber-400">{'★'.repeat(item.rating)}{'☆'.repeat(5 - item.rating)}</span>
                  <span className="sr-only">{t('consultationsAdmin.stars', { rating: item.rating })}</span>
                </StackedCell>
                <StackedCell label={t('consultationsAdmin.ratings.review')}>
                  {item.review ? <p dir="auto" className="max-w-md whitespace-pre-wrap" data-testid="rating-review">{item.review}</p> : <span className="text-slate-500 dark:text-slate-400">{t('consultationsAdmin.ratings.noReview')}</span>}
                  {item.hidden ? (
                    <span className="mt-1 block">
                      <Badge tone="red" testId="rating-hidden">{t('consultationsAdmin.ratings.hidden')}</Badge>
                      {item.hiddenReason ? <span className="ms-2 text-xs text-slate-600 dark:text-slate-300">{t('consultationsAdmin.reasonWas', { reason: item.hiddenReason })}</span> : null}
                    </span>
                  ) : null}
                </StackedCell>
                <StackedCell label={t('consultationsAdmin.sessions.consultant')}><bdi>{item.consultant.name}</bdi></StackedCell>
                <StackedCell label={t('consultationsAdmin.sessions.member')}><bdi>{item.member.name}</bdi></StackedCell>
                <StackedCell label={t('consultationsAdmin.ratings.date')}>{formatDate(item.ratedAt, locale)}</StackedCell>
                <StackedCell label={t('consultationsAdmin.actions')}>
                  {item.review ? (
                    <button type="button" disabled={action.busy} className={secondaryButtonClass} onClick={() => toggle(item)} data-testid={item.hidden ? 'rating-show' : 'rating-hide'}>
                      {t(item.hidden ? 'consultationsAdmin.ratings.show' : 'consultationsAdmin.ratings.hide')}
                    </button>
                  ) : null}
                </StackedCell>
              </tr>
            ))
          }
        </ListResults>
      </div>
      {asking ? <ReasonDialog request={asking} onCancel={() => setAsking(null)} /> : null}
    </section>
  );
}
