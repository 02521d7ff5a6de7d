import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { ROUTES, useLocale } from '@scholars/shared-contracts';
import { useAsync } from '@scholars/shared-contracts/ui';
import { NAMESPACE } from '../../i18n';
import { fetchMyRegistrations } from '../../api/conference-registrations';
import { fetchMyConferenceRequests } from '../../api/conference-requests';
import { pickLocalized, formatDate } from '@scholars/shared-contracts/locale';
import { Badge, DataTable, SectionState, cellClass, linkClass, primaryButtonClass } from '../../components/Status';

const REQUEST_TONE = { pending: 'amber', approved: 'green', rejected: 'red' } as const;

/** The user's conference requests (`GET conference-requests/mine`); pending ones can be edited. */
export function ConferenceRequestsTab() {
  const { t } = useTranslation(NAMESPACE);
  const { locale } = useLocale();
  const list = useAsync((signal) => fetchMyConferenceRequests(signal), []);
  if (list.status === 'failed') return <SectionState state="failed" onRetry={list.reload} />;
  if (list.status === 'loading' && list.data === undefined) return <SectionState state="loading" />;
  const rows = list.data ?? [];
  if (rows.length === 0) {
    return <SectionState state="empty" empty={t('requests.empty')} action={<Link to={ROUTES.requestConference} className={primaryButtonClass}>{t('requests.newRequest')}</Link>} />;
  }
  return (
    <DataTable testId="requests-table" head={[t('requests.titleColumn'), t('requests.date'), t('requests.status'), t('requests.action')]}>
      {rows.map((item) => (
        <tr key={item.id} data-testid="request-row">
          <td className={cellClass}>{item.conference_title}</td>
          <td className={cellClass}>{formatDate(item.proposed_start_date, locale)}</td>
          <td className={cellClass}><Badge tone={REQUEST_TONE[item.status]}>{t(`requests.statuses.${item.status}`)}</Badge></td>
          <td className={cellClass}>
            {item.status === 'pending' ? (
              <Link to={`${ROUTES.requestConference}?edit=${item.id}`} className={linkClass} data-testid="request-edit">{t('requests.edit')}</Link>
            ) : item.conference_id ? (
              <Link to={ROUTES.conference(item.conference_id)} className={linkClass}>{t('requests.viewConference')}</Link>
            ) : null}
          </td>
        </tr>
      ))}
    </DataTable>
  );
}

/** The conferences the user registered for (`GET conference-registrations/mine`). */
export function RegistrationsTab() {
  const { t } = useTranslation(NAMESPACE);
  const { locale } = useLocale();
  const list = useAsync((signal) => fetchMyRegistrations(signal), []);
  if (list.status === 'failed') return <SectionState state="failed" onRetry={list.reload} />;
  if (list.status === 'loading' && list.data === undefined) return <SectionState state="loading" />;
  const rows = list.data ?? [];
  if (rows.length === 0) {
    return <SectionState state="empty" empty={t('registrations.empty')} action={<Link to={ROUTES.conferences(1)} className={primaryButtonClass}>{t('registrations.browse')}</Link>} />;
  }
  return (
    <DataTable testId="registrations-table" head={[t('registrations.conference'), t('registrations.date'), t('registrations.registeredOn'), t('registrations.status')]}>
      {rows.map((item) => (
        <tr key={item.id} data-testid="registration-row">
          <td className={cellClass}>
            <Link to={ROUTES.conference(item.conference_id)} className={linkClass}>{pickLocalized(locale, item.conference.title, item.conference.title_en)}</Link>
          </td>
          <td className={cellClass}>{formatDate(item.conference.start_date, locale)}</td>
          <td className={cellClass}>{formatDate(item.created_at, locale)}</td>
          <td className={cellClass}><Badge tone={item.status === 'registered' ? 'green' : 'slate'}>{t(`registrations.statuses.${item.status}`)}</Badge></td>
        </tr>
      ))}
    </DataTable>
  );
}
