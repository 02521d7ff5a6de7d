import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocale } from '@scholars/shared-contracts';
import { primaryButtonClass, secondaryButtonClass, useAsync } from '@scholars/shared-contracts/ui';
import { CONSULTANT_STATUSES, type AdminConsultant, type ConsultantAction } from '@scholars/shared-contracts/schemas';
import { formatDate, formatList, formatNumber, formatTimeZone, pickLocalized } from '@scholars/shared-contracts/locale';
import { NAMESPACE } from '../../i18n';
import '../../i18n/console';
import { decideConsultant, fetchAdminConsultants } from '../../api/admin-consultations';
import { LIST_LIMIT, ListFilters, ListResults, useListParams } from '../../components/AdminList';
import { ReasonDialog, useActionNotice, type ReasonRequest } from '../../components/ReasonDialog';
import { Badge, StackedCell, linkClass, stackedRowClass, type Tone } from '../../components/Status';

/** Every state unless the address names one; the API lists the pending applications first. */
const FILTERS = { status: { values: CONSULTANT_STATUSES } } as const;

export const STATUS_TONES: Record<AdminConsultant['status'], Tone> = { pending: 'amber', approved: 'green', rejected: 'slate', suspended: 'red' };

type Action = ConsultantAction;
/** What an administrator may do in each state (the API's transitions). */
export const ACTIONS_BY_STATUS: Record<AdminConsultant['status'], Action[]> = {
  pending: ['approve', 'reject'],
  approved: ['suspend'],
  suspended: ['reinstate'],
  rejected: ['approve'],
};
/** The decisions that need a reason (told to the consultant). */
export const REASON_REQUIRED: Record<Action, boolean> = { approve: false, reject: true, suspend: true, reinstate: false };

/**
 * Consultants (administrators): the pending applications first (the API's order), a status filter,
 * search and pages in the address; `?open=<id>` shows one with both bios, fields, tags and availability, and the decisions
 * its state allows, each confirmed (a reason where the consultant is told one).
 */
export function AdminConsultants() {
  const { t } = useTranslation(NAMESPACE);
  const { locale } = useLocale();
  const params = useListParams(FILTERS);
  const status = params.filters.status;
  const list = useAsync((signal) => fetchAdminConsultants({ status, search: params.q || undefined, page: params.page, limit: LIST_LIMIT }, signal), [status, params.q, params.page]);
  const open = params.open === null ? undefined : list.data?.items.find((item) => String(item.id) === params.open);
  const statusLabel = (value: string) => t(`consultationsAdmin.consultants.statuses.${value}`);
  // Its answer stays on screen after the panel closes (the consultant may leave the filtered list).
  const action = useActionNotice();
  return (
    <section data-testid="admin-consultants">
      <h1 className="text-3xl font-bold text-slate-900 dark:text-slate-50">{t('consultationsAdmin.consultants.title')}</h1>
      <p className="mt-2 text-slate-600 dark:text-slate-300">{t('consultationsAdmin.consultants.intro')}</p>
      <ListFilters
        key={`${params.q}|${status ?? ''}`}
        q={params.q}
        drafts={params.drafts}
        searchLabel={t('consultationsAdmin.consultants.search')}
        selects={[{ name: 'status', label: t('consultationsAdmin.consultants.status'), options: [['', t('consultationsAdmin.any')], ...CONSULTANT_STATUSES.map((value) => [value, statusLabel(value)] as const)] }]}
        submitLabel={t('consultationsAdmin.apply')}
        onApply={params.apply}
        testId="consultants"
      />
      {action.view}
      {open ? (
        <ConsultantPanel
          key={open.id}
          consultant={open}
          action={action}
          onClose={() => params.setOpen(null)}
          onChanged={() => {
            params.setOpen(null);
            list.reload();
          }}
        />
      ) : null}
      {params.open !== null && !open && list.status === 'ready' ? <p role="status" className="mt-6 text-slate-600 dark:text-slate-300">{t('consultationsAdmin.notOnPage')}</p> : null}
      <div className="mt-6">
        <ListResults
          list={list}
          page={params.page}
          empty={t('consultationsAdmin.consultants.empty')}
          testId="consultants-table"
          total={(total) => t('consultationsAdmin.total', { total })}
          head={[t('consultationsAdmin.consultants.name'), t('consultationsAdmin.consultants.fields'), t('consultationsAdmin.consultants.languages'), t('consultationsAdmin.consultants.zone'), t('consultationsAdmin.consultants.rating'), t('consultationsAdmin.consultants.status'), '']}
        >
          {(items) =>
            items.map((consultant) => (
              <tr key={consultant.id} data-testid="consultant-row" data-id={consultant.id} data-status={consultant.status} className={stackedRowClass}>
                <StackedCell label={t('consultationsAdmin.consultants.name')}>
                  <bdi className="font-semibold">{consultant.name}</bdi>
                  <span className="block text-sm text-slate-600 dark:text-slate-300"><bdi>{consultant.email}</bdi></span>
                </StackedCell>
                <StackedCell label={t('consultationsAdmin.consultants.fields')}>{formatList(consultant.fields.map((field) => pickLocalized(locale, field.name, field.nameEn)), locale)}</StackedCell>
                <StackedCell label={t('consultationsAdmin.consultants.languages')}>{consultant.languages.map((language) => t(`consultationsAdmin.languages.${language}`)).join(' · ')}</StackedCell>
                <StackedCell label={t('consultationsAdmin.consultants.zone')}><bdi title={consultant.timeZone}>{formatTimeZone(consultant.timeZone, locale)}</bdi></StackedCell>
                <StackedCell label={t('consultationsAdmin.consultants.rating')}><Rating rating={consultant.rating} /></StackedCell>
                <StackedCell label={t('consultationsAdmin.consultants.status')}>
                  <Badge tone={STATUS_TONES[consultant.status]} testId="consultant-status">{statusLabel(consultant.status)}</Badge>
                </StackedCell>
                <StackedCell label={t('consultationsAdmin.open')}>
                  <button type="button" className={linkClass} onClick={() => params.setOpen(consultant.id)} data-testid="consultant-open" aria-label={`${t('consultationsAdmin.open')}: ${consultant.name}`}>
                    {t('consultationsAdmin.open')}
                  </button>
                </StackedCell>
              </tr>
            ))
          }
        </ListResults>
      </div>
    </section>
  );
}

function Rating({ rating }: { rating: AdminConsultant['rating'] }) {
  const { t } = useTranslation(NAMESPACE);
  const { locale } = useLocale();
  if (rating.count === 0 || rating.average === null) return <span className="text-slate-500 dark:text-slate-400">{t('consultationsAdmin.noRating')}</span>;
  return <span>{t('consultationsAdmin.rating', { average: formatNumber(rating.average, locale, { maximumFractionDigits: 1 }), count: formatNumber(rating.count, locale) })}</span>;
}

/** One consultant: both bios (each in its own language and direction), the details and the decisions. */
function ConsultantPanel({ consultant, action, onClose, onChanged }: { consultant: AdminConsultant; action: ReturnType<typeof useActionNotice>; onClose: () => void; onChanged: () => void }) {
  const { t } = useTranslation(NAMESPACE);
  const { locale } = useLocale();
  const [asking, setAsking] = useState<ReasonRequest | null>(null);
  const ask = (kind: Action) =>
    setAsking({
      title: t(`consultationsAdmin.consultants.confirm.${kind}`, { name: consultant.name }),
      body: t(`consultationsAdmin.consultants.confirmBody.${kind}`),
      confirmLabel: t(`consultationsAdmin.consultants.actions.${kind}`),
      reason: REASON_REQUIRED[kind] ? 'required' : 'none',
      danger: kind === 'reject' || kind === 'suspend',
      run: (reason) => {
        setAsking(null);
        void action.run(() => decideConsultant(consultant.id, reason ? { action: kind, reason } : { action: kind }), onChanged);
      },
    });
  return (
    <article data-testid="consultant-panel" className="mt-6 rounded-xl border border-slate-200 p-5 dark:border-slate-700">
      <header className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <h2 className="text-xl font-bold text-slate-900 dark:text-slate-50"><bdi>{consultant.name}</bdi></h2>
          <p className="text-sm text-slate-600 dark:text-slate-300">
            <bdi>{consultant.email}</bdi> · {t('consultationsAdmin.consultants.applied', { date: formatDate(consultant.createdAt, locale) })}
          </p>
          <p className="mt-1">
            <Badge tone={STATUS_TONES[consultant.status]} testId="consultant-panel-status">{t(`consultationsAdmin.consultants.statuses.${consultant.status}`)}</Badge>
            {consultant.statusReason ? <span className="ms-2 text-sm text-slate-600 dark:text-slate-300" data-testid="consultant-status-reason">{t('consultationsAdmin.reasonWas', { reason: consultant.statusReason })}</span> : null}
          </p>
        </div>
        <button type="button" className={secondaryButtonClass} onClick={onClose}>{t('consultationsAdmin.close')}</button>
      </header>
      <div className="mt-4 grid gap-4 md:grid-cols-2">
        <section lang="ar" dir="rtl" className="rounded-lg bg-slate-50 p-4 dark:bg-slate-800" data-testid="consultant-bio-ar">
          <h3 className="text-sm font-semibold text-slate-600 dark:text-slate-300">{t('consultationsAdmin.consultants.bioAr')}</h3>
          <p className="mt-1 whitespace-pre-wrap text-slate-900 dark:text-slate-100">{consultant.bio}</p>
          {consultant.tags.length > 0 ? <p className="mt-2 text-sm text-slate-600 dark:text-slate-300">{formatList(consultant.tags, 'ar')}</p> : null}
        </section>
        <section lang="en" dir="ltr" className="rounded-lg bg-slate-50 p-4 dark:bg-slate-800" data-testid="consultant-bio-en">
          <h3 className="text-sm font-semibold text-slate-600 dark:text-slate-300">{t('consultationsAdmin.consultants.bioEn')}</h3>
          <p className="mt-1 whitespace-pre-wrap text-slate-900 dark:text-slate-100">{consultant.bioEn}</p>
          {consultant.tagsEn.length > 0 ? <p className="mt-2 text-sm text-slate-600 dark:text-slate-300">{formatList(consultant.tagsEn, 'en')}</p> : null}
        </section>
      </div>
      <dl className="mt-4 grid grid-cols-[auto_1fr] gap-x-4 gap-y-2 text-sm">
        <dt className="font-semibold text-slate-600 dark:text-slate-300">{t('consultationsAdmin.consultants.fields')}</dt>
        <dd className="text-slate-900 dark:text-slate-50">{formatList(consultant.fields.map((field) => pickLocalized(locale, field.name, field.nameEn)), locale)}</dd>
        <dt className="font-semibold text-slate-600 dark:text-slate-300">{t('consultationsAdmin.consultants.languages')}</dt>
        <dd className="text-slate-900 dark:text-slate-50">{consultant.languages.map((language) => t(`consultationsAdmin.languages.${language}`)).join(' · ')}</dd>
        <dt className="font-semibold text-slate-600 dark:text-slate-300">{t('consultationsAdmin.consultants.session')}</dt>
        <dd className="text-slate-900 dark:text-slate-50">{t('consultationsAdmin.minutes', { count: consultant.sessionMinutes, minutes: formatNumber(consultant.sessionMinutes, locale) })}</dd>
        <dt className="font-semibold text-slate-600 dark:text-slate-300">{t('consultationsAdmin.consultants.availability')}</dt>
        <dd className="text-slate-900 dark:text-slate-50" data-testid="consultant-availability">
          {consultant.availability.length === 0 ? (
            t('consultationsAdmin.consultants.noAvailability')
          ) : (
            <ul>
              {consultant.availability.map((row) => (
                <li key={`${row.weekday}-${row.start}`}>
                  {t(`consultationsAdmin.weekdays.${row.weekday}`)}: <bdi dir="ltr">{`${row.start}–${row.end}`}</bdi>
                </li>
              ))}
            </ul>
          )}
          <span className="block text-slate-600 dark:text-slate-300">{t('consultationsAdmin.consultants.inZone', { zone: formatTimeZone(consultant.timeZone, locale) })}</span>
          {consultant.exceptions.length > 0 ? (
            <span className="block text-slate-600 dark:text-slate-300">{t('consultationsAdmin.consultants.exceptions', { dates: formatList(consultant.exceptions.map((day) => formatDate(day, locale)), locale) })}</span>
          ) : null}
        </dd>
      </dl>
      <div className="mt-5 flex flex-wrap gap-3">
        {ACTIONS_BY_STATUS[consultant.status].map((kind) => (
          <button
            key={kind}
            type="button"
            disabled={action.busy}
            onClick={() => ask(kind)}
            className={kind === 'reject' || kind === 'suspend' ? `${secondaryButtonClass} text-red-700 dark:text-red-400` : primaryButtonClass}
            data-testid={`consultant-${kind}`}
          >
            {t(`consultationsAdmin.consultants.actions.${kind}`)}
          </button>
        ))}
      </div>
      {asking ? <ReasonDialog request={asking} onCancel={() => setAsking(null)} /> : null}
    </article>
  );
}
