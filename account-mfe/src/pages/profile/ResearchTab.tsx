import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { ROUTES, useLocale } from '@scholars/shared-contracts';
import type { MySubmission } from '@scholars/shared-contracts/schemas';
import { useAsync } from '@scholars/shared-contracts/ui';
import { NAMESPACE } from '../../i18n';
import { fetchMySubmissions } from '../../api/profile';
import { pickLocalized, formatDate } from '@scholars/shared-contracts/locale';
import { Badge, DataTable, SectionState, cellClass, linkClass, primaryButtonClass, type Tone } from '../../components/Status';

const TONE: Record<MySubmission['status'], Tone> = {
  pending_supervisor: 'amber',
  under_review: 'amber',
  approved: 'green',
  rejected: 'red',
  removed: 'slate',
};

/** Published research opens in the community; the others in the research exchange form (edit mode). */
export const submissionLink = (item: MySubmission) =>
  item.status === 'approved' ? ROUTES.community(item.id) : `${ROUTES.researchExchange}?edit=${item.id}`;

/** Spec 2: ID, date, title, status, action to view. */
export function ResearchTab() {
  const { t } = useTranslation(NAMESPACE);
  const { locale } = useLocale();
  const list = useAsync((signal) => fetchMySubmissions(signal), []);
  if (list.status === 'failed') return <SectionState state="failed" onRetry={list.reload} />;
  if (!list.data) return <SectionState state="loading" />;
  if (list.data.length === 0) {
    return <SectionState state="empty" empty={t('research.empty')} action={<Link to={ROUTES.researchExchange} className={primaryButtonClass}>{t('research.submit')}</Link>} />;
  }
  return (
    <DataTable testId="research-table" head={[t('research.id'), t('research.date'), t('research.titleColumn'), t('research.status'), t('research.action')]}>
      {list.data.map((item) => (
        <tr key={item.id} data-testid="research-row">
          <td className={cellClass}>{item.id}</td>
          <td className={cellClass}>{formatDate(item.created_at, locale)}</td>
          <td className={cellClass}>{pickLocalized(locale, item.title, item.title_en)}</td>
          <td className={cellClass}><Badge tone={TONE[item.status]}>{t(`research.statuses.${item.status}`)}</Badge></td>
          <td className={cellClass}><Link to={submissionLink(item)} className={linkClass}>{t('research.view')}</Link></td>
        </tr>
      ))}
    </DataTable>
  );
}
