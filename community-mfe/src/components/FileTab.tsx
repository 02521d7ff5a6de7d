import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { apiUrl } from '@scholars/shared-contracts';
import type { ResearchDetails } from '@scholars/shared-contracts/schemas';
import { ProtectedFile } from '@scholars/shared-contracts/ui';
import { NAMESPACE } from '../i18n';
import { fetchFileLink } from '../api/research';

/** A link older than this is renewed before a download (links live 5 minutes). */
const RENEW_MARGIN_MS = 30_000;

/**
 * The research file tab: shown inside the page (PDF) and downloadable under its real name.
 * Needs an active subscription (decisions.md); without one, the access-denied block.
 */
export function FileTab({ research }: { research: ResearchDetails }) {
  const { t } = useTranslation(NAMESPACE);
  const loadLink = useCallback(() => fetchFileLink(research.id), [research.id]);
  return (
    <ProtectedFile
      file={research.file}
      loadLink={loadLink}
      toUrl={apiUrl}
      testId="research-file"
      renewMarginMs={RENEW_MARGIN_MS}
      scope="community"
      text={(key, values) => t(`file.${key}`, values ?? {})}
    />
  );
}
