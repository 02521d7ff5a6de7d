import { useTranslation } from 'react-i18next';
import { PagePlaceholder } from '@scholars/shared-contracts/ui';
import { NAMESPACE } from '../i18n';

export function UserProfile() {
  const { t } = useTranslation(NAMESPACE);
  return <PagePlaceholder testId="account-publicProfile" title={t('publicProfile.title')} description={t('publicProfile.description')} />;
}
