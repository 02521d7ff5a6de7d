import { useTranslation } from 'react-i18next';
import { PagePlaceholder } from '@scholars/shared-contracts/ui';
import { NAMESPACE } from '../i18n';

export function ConferenceDetails() {
  const { t } = useTranslation(NAMESPACE);
  return <PagePlaceholder testId="conferences-details" title={t('details.title')} description={t('details.description')} />;
}
