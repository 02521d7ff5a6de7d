import { useTranslation } from 'react-i18next';
import { PagePlaceholder } from '@scholars/shared-contracts/ui';
import { NAMESPACE } from '../i18n';

export function ResearchExchange() {
  const { t } = useTranslation(NAMESPACE);
  return <PagePlaceholder testId="library-exchange" title={t('exchange.title')} description={t('exchange.description')} />;
}
