import { useTranslation } from 'react-i18next';
import { PagePlaceholder } from '@scholars/shared-contracts/ui';
import { NAMESPACE } from '../i18n';

export function Billing() {
  const { t } = useTranslation(NAMESPACE);
  return <PagePlaceholder testId="account-billing" title={t('billing.title')} description={t('billing.description')} />;
}
