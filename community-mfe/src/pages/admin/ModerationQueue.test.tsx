/**
 * The moderation queue through the real shared `apiClient` against a real HTTP server answering like
 * the API: a reported message no longer shown says who took it down (its author, or a moderator),
 * in both languages; one still shown shows its text.
 */
import { MemoryRouter } from 'react-router-dom';
import i18next from 'i18next';
import { describe, expect, it } from 'vitest';
import { ensureI18n } from '@scholars/shared-contracts';
import type { Locale } from '@scholars/shared-contracts/locale';
import type { ModerationQueueItem } from '@scholars/shared-contracts/schemas';
import { testApiServerPerFile } from '@scholars/shared-contracts/testing/api-server';
import { renderRootPerTest, waitFor } from '@scholars/shared-contracts/testing/render-root';
import { registerTranslations } from '../../i18n';
import { registerConsoleTranslations } from '../../i18n/console';
import { ModerationQueue } from './ModerationQueue';

const api = testApiServerPerFile();
const view = renderRootPerTest();
const { $$ } = view;

const row = (id: number, preview: string, deletedBy: ModerationQueueItem['deleted_by']): ModerationQueueItem => ({
  item_type: 'chat_message',
  item_id: id,
  preview,
  deleted_by: deletedBy,
  reports: 1,
  reasons: ['spam'],
  first_reported_at: '2027-02-16T07:00:00.000Z',
  author: { id: 7, name: 'Sam Author', avatar: null, removals_90_days: 0, suspended: false, locale: 'en' },
  suggest_suspension: false,
});

async function open(locale: Locale) {
  ensureI18n(i18next, locale);
  registerTranslations();
  registerConsoleTranslations();
  await i18next.changeLanguage(locale);
  api.answers.set('GET /api/admin/moderation', { status: 200, body: { status: true, data: [row(41, 'Still shown', null), row(42, '', 'sender'), row(43, '', 'moderator')], tot: 3 } });
  await view.render(
    <MemoryRouter initialEntries={['/admin/moderation']}>
      <ModerationQueue />
    </MemoryRouter>,
  );
  await waitFor(() => expect($$('[data-testid="moderation-row"]')).toHaveLength(3));
  return $$('[data-testid="moderation-preview"]').map((preview) => preview.textContent);
}

describe('moderation queue: a message no longer shown', () => {
  it('says who took it down (en)', async () => {
    expect(await open('en')).toEqual(['Still shown', 'Deleted by its author: its text is no longer shown.', 'Removed by a moderator: its text is no longer shown.']);
  });
  it('says who took it down (ar)', async () => {
    expect(await open('ar')).toEqual(['Still shown', 'حذفها كاتبها: لم يعد نصها يُعرض.', 'أزالها أحد المشرفين: لم يعد نصها يُعرض.']);
  });
});
