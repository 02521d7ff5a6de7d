import { useTranslation } from 'react-i18next';
import { PagePlaceholder } from '@scholars/shared-contracts/ui';
import { NAMESPACE } from '../i18n';

export function CommunityList() {
  const { t } = useTranslation(NAMESPACE);
  return <PagePlaceholder testId="community-list" title={t('list.title')} description={t('list.description')} />;
}
