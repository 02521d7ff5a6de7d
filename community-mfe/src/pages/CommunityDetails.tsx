import { useTranslation } from 'react-i18next';
import { PagePlaceholder } from '@scholars/shared-contracts/ui';
import { NAMESPACE } from '../i18n';

export function CommunityDetails() {
  const { t } = useTranslation(NAMESPACE);
  return <PagePlaceholder testId="community-details" title={t('details.title')} description={t('details.description')} />;
}
