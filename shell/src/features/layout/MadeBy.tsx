import { useTranslation } from 'react-i18next';
import { useLocale } from '@scholars/shared-contracts';
import type { SiteSettings } from '@scholars/shared-contracts/schemas';
import { localizedField } from '@scholars/shared-contracts/locale';

/**
 * The footer's "made by" credit from the site settings the console edits: the name in the page's
 * language, a link to `url` in a new tab when there is one, the name alone when there is none, and
 * nothing when the name is empty (docs/decisions.md).
 */
export function MadeBy({ credit }: { credit: SiteSettings['made_by'] | undefined }) {
  const { t } = useTranslation('shell');
  const { locale } = useLocale();
  const name = credit ? localizedField(credit, 'name', locale) : '';
  if (!name) return null;
  return (
    <p className="mt-1" data-testid="footer-made-by">
      {t('footer.madeBy')}{' '}
      {credit?.url ? (
        <a href={credit.url} target="_blank" rel="noopener noreferrer" className="underline hover:text-white">{name}</a>
      ) : (
        <span>{name}</span>
      )}
    </p>
  );
}
