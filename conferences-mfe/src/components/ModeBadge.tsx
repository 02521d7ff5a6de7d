import { useTranslation } from 'react-i18next';
import type { ConferenceMode } from '@scholars/shared-contracts/schemas';
import { NAMESPACE } from '../i18n';

const STYLES: Record<ConferenceMode, string> = {
  online: 'bg-sky-100 text-sky-900 dark:bg-sky-950 dark:text-sky-100',
  onsite: 'bg-amber-100 text-amber-900 dark:bg-amber-950 dark:text-amber-100',
  hybrid: 'bg-violet-100 text-violet-900 dark:bg-violet-950 dark:text-violet-100',
};

/** Online, on-site or hybrid (issue 3: modes shown and filterable). */
export function ModeBadge({ mode }: { mode: ConferenceMode }) {
  const { t } = useTranslation(NAMESPACE);
  return (
    <span data-testid="mode-badge" data-mode={mode} className={`inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-semibold ${STYLES[mode]}`}>
      {t(`modes.${mode}`)}
    </span>
  );
}
