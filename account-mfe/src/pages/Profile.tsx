import { useTranslation } from 'react-i18next';
import { PagePlaceholder } from '@scholars/shared-contracts/ui';
import { NAMESPACE } from '../i18n';

export function Profile() {
  const { t } = useTranslation(NAMESPACE);
  return <PagePlaceholder testId="account-profile" title={t('profile.title')} description={t('profile.description')} />;
}
