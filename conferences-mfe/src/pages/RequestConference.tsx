import { useTranslation } from 'react-i18next';
import { PagePlaceholder } from '@scholars/shared-contracts/ui';
import { NAMESPACE } from '../i18n';

export function RequestConference() {
  const { t } = useTranslation(NAMESPACE);
  return <PagePlaceholder testId="conferences-request" title={t('request.title')} description={t('request.description')} />;
}
