/**
 * The moderation item through the real shared `apiClient` against a real HTTP server answering like
 * the API: no decision is chosen at first, and confirming without one says so under the choice and
 * sends nothing; once chosen (with its reason) the decision is sent. In context, a message its author
 * deleted and one a moderator removed say which, in both languages.
 */
import { act } from 'react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import i18next from 'i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import { ensureI18n } from '@scholars/shared-contracts';
import type { Locale } from '@scholars/shared-contracts/locale';
import type { ChatMessage, ModerationItem as Item, ReasonTemplate } from '@scholars/shared-contracts/schemas';
import { testApiServerPerFile } from '@scholars/shared-contracts/testing/api-server';
import { click, renderRootPerTest, typeInto, waitFor } from '@scholars/shared-contracts/testing/render-root';
import { registerTranslations } from '../../i18n';
import { registerConsoleTranslations } from '../../i18n/console';
import { ModerationItem } from './ModerationItem';

const api = testApiServerPerFile();
const view = renderRootPerTest();
const { $, $$ } = view;

const person = (id: number, name: string) => ({ id, name, avatar: null });
const message = (id: number, text: string | null, deletedBy: ChatMessage['deleted_by'] = null): ChatMessage => ({
  id,
  research_id: 3,
  sender: person(id === 41 ? 7 : 8, id === 41 ? 'Sam Author' : 'Lina Reader'),
  text,
  created_at: '2027-02-16T05:00:00.000Z',
  deleted: deletedBy !== null,
  deleted_at: deletedBy ? '2027-02-16T06:00:00.000Z' : null,
  deleted_by: deletedBy,
  client_id: null,
});

const item: Item = {
  item_type: 'chat_message',
  item_id: 41,
  reports: [{ id: 1, reason: 'harassment', text: 'Rude', created_at: '2027-02-16T07:00:00.000Z', reporter: { id: 8, name: 'Lina Reader' } }],
  author: { ...person(7, 'Sam Author'), removals_90_days: 0, suspended: false, locale: 'en' },
  suggest_suspension: false,
  context: {
    item_type: 'chat_message',
    research: { id: 3, title: 'بحث', title_en: 'A research' },
    message: message(41, 'An offensive message'),
    before: [message(39, null, 'sender'), message(40, null, 'moderator')],
    after: [message(42, 'A reply')],
    chat: { closed: false, closed_reason: null, slow_mode_seconds: 0 },
  },
};

beforeAll(() => {
  ensureI18n(i18next, 'en');
  registerTranslations();
  registerConsoleTranslations();
});

async function open(locale: Locale, templates: ReasonTemplate[] = []) {
  await act(async () => {
    await i18next.changeLanguage(locale);
  });
  api.answers.set('GET /api/admin/moderation/chat_message/41', { status: 200, body: { status: true, data: item } });
  api.answers.set('GET /api/review/reason-templates', { status: 200, body: { status: true, data: templates } });
  await view.render(
    <MemoryRouter initialEntries={['/admin/moderation/chat_message/41']}>
      <Routes>
        <Route path="/admin/moderation/:type/:id" element={<ModerationItem />} />
      </Routes>
    </MemoryRouter>,
  );
  await waitFor(() => expect($('[data-testid="moderation-decision"]')).not.toBeNull());
}

const decisions = () => api.seen.filter((request) => request.path.endsWith('/decision'));

describe('ModerationItem: the decision', () => {
  it('chooses nothing at first; confirming without a choice says so under the choice and sends nothing', async () => {
    await open('en');
    const radios = $$<HTMLInputElement>('input[name="action"]');
    expect(radios.map((radio) => radio.value)).toEqual(['dismiss', 'remove', 'warn']);
    expect(radios.filter((radio) => radio.checked)).toEqual([]);
    // No reason box before a decision needs one.
    expect($('[data-testid="moderation-reason"]')).toBeNull();

    await act(async () => $<HTMLFormElement>('[data-testid="moderation-decision"]')!.requestSubmit());
    const error = $('[data-testid="moderation-action-error"]');
    expect(error?.textContent).toBe('Choose a decision.');
    expect(error?.getAttribute('role')).toBe('alert');
    // Under the choice, and named by it.
    const fieldset = $('[data-testid="moderation-decision"] fieldset')!;
    expect(fieldset.nextElementSibling).toBe(error);
    expect(fieldset.getAttribute('aria-describedby')).toBe(error!.id);
    expect(decisions()).toEqual([]);

    // Chosen: the message goes; the reason is still asked for before any call.
    await click($('[data-testid="moderation-action-remove"]'));
    expect($('[data-testid="moderation-action-error"]')).toBeNull();
    await act(async () => $<HTMLFormElement>('[data-testid="moderation-decision"]')!.requestSubmit());
    expect($('[data-testid="moderation-error"]')?.textContent).toBe('Write the reason: the author is told it.');
    expect(decisions()).toEqual([]);
    // Another choice: the missing reason was the previous one's; back to "Remove", it is asked again at confirming.
    await click($('[data-testid="moderation-action-dismiss"]'));
    expect($('[data-testid="moderation-error"]')).toBeNull();
    await click($('[data-testid="moderation-action-remove"]'));

    api.answers.set('POST /api/admin/moderation/chat_message/41/decision', { status: 200, body: { status: true, msg: 'The content was removed.', data: { action: 'remove', reports_closed: 1 } } });
    await typeInto($('[data-testid="moderation-reason"]'), 'Insults another member');
    await act(async () => $<HTMLFormElement>('[data-testid="moderation-decision"]')!.requestSubmit());
    await waitFor(() => expect($('[data-testid="moderation-done"]')?.textContent).toBe('The content was removed.'));
    expect(decisions().map((request) => JSON.parse(request.body))).toEqual([{ action: 'remove', reason: 'Insults another member', ends_at: null }]);
  });

  it('in Arabic, the same error', async () => {
    await open('ar');
    await act(async () => $<HTMLFormElement>('[data-testid="moderation-decision"]')!.requestSubmit());
    expect($('[data-testid="moderation-action-error"]')?.textContent).toBe('اختر القرار.');
    expect(decisions()).toEqual([]);
  });

  it('a removal template goes in in the author’s language (their mail’s), not the moderator’s', async () => {
    // An Arabic moderator, an English author: the option reads in Arabic, the reason is inserted in English.
    await open('ar', [{ id: 9, decision: 'removed', text: 'يسيء إلى الأعضاء الآخرين.', text_en: 'It insults other members.' }]);
    await click($('[data-testid="moderation-action-remove"]'));
    await waitFor(() => expect($('[data-testid="moderation-template"]')).not.toBeNull());
    const select = $<HTMLSelectElement>('[data-testid="moderation-template"]')!;
    expect(select.options[1]!.textContent).toBe('يسيء إلى الأعضاء الآخرين.');
    await act(async () => {
      select.value = '9';
      select.dispatchEvent(new Event('change', { bubbles: true }));
    });
    expect($<HTMLTextAreaElement>('[data-testid="moderation-reason"]')!.value).toBe('It insults other members.');
  });
});

describe('ModerationItem: in context', () => {
  const removedLabels = () => $$('[data-testid="moderation-context-message"] [data-testid="moderation-removed-text"]').map((label) => label.textContent);

  it('says who took a message down: its author or a moderator (English)', async () => {
    await open('en');
    expect(removedLabels()).toEqual(['Deleted by its author: its text is no longer shown.', 'Removed by a moderator: its text is no longer shown.']);
    expect($('[data-testid="moderation-reported-message"]')?.textContent).toContain('An offensive message');
  });

  it('in Arabic', async () => {
    await open('ar');
    expect(removedLabels()).toEqual(['حذفها كاتبها: لم يعد نصها يُعرض.', 'أزالها أحد المشرفين: لم يعد نصها يُعرض.']);
  });
});

describe('ModerationItem: a reported research', () => {
  const research = (status: string): Item => ({
    item_type: 'research',
    item_id: 3,
    reports: [],
    author: { ...person(7, 'سالم الكاتب'), removals_90_days: 1, suspended: false, locale: 'ar' },
    suggest_suspension: false,
    context: { item_type: 'research', research: { id: 3, title: 'بحث', title_en: 'A research', abstract: 'An abstract', description: '', description_en: '', status } },
  });

  async function openResearch(locale: Locale, status: string) {
    await act(async () => {
      await i18next.changeLanguage(locale);
    });
    api.answers.set('GET /api/admin/moderation/research/3', { status: 200, body: { status: true, data: research(status) } });
    api.answers.set('GET /api/review/reason-templates', { status: 200, body: { status: true, data: [] } });
    await view.render(
      <MemoryRouter initialEntries={['/admin/moderation/research/3']}>
        <Routes>
          <Route path="/admin/moderation/:type/:id" element={<ModerationItem />} />
        </Routes>
      </MemoryRouter>,
    );
    await waitFor(() => expect($('[data-testid="moderation-context"]')).not.toBeNull());
  }
  const pageLink = () => $$<HTMLAnchorElement>('[data-testid="moderation-context"] a').map((link) => link.getAttribute('href'));

  it("names an Arabic-named author in its own direction, inline: the line keeps the English console's side", async () => {
    await openResearch('en', 'approved');
    const name = $('[data-testid="moderation-author-name"]')!;
    expect(name.textContent).toBe('سالم الكاتب');
    expect([name.tagName, name.getAttribute('lang'), name.getAttribute('dir')]).toEqual(['SPAN', 'ar', 'rtl']);
    expect(name.closest('p')!.hasAttribute('dir')).toBe(false);
  });

  it('links to the page of a research still published', async () => {
    await openResearch('en', 'approved');
    expect(pageLink()).toEqual(['/community/3']);
    expect($('[data-testid="moderation-research-unpublished"]')).toBeNull();
  });

  it('once removed, offers no link to its page (it answers "does not exist") and says so, in both languages', async () => {
    await openResearch('en', 'removed');
    expect(pageLink()).toEqual([]);
    expect($('[data-testid="moderation-research-unpublished"]')?.textContent).toBe('No longer published: its page is not shown to anyone.');
    await openResearch('ar', 'removed');
    expect($('[data-testid="moderation-research-unpublished"]')?.textContent).toBe('لم يعد منشورًا: صفحته لا تُعرض لأحد.');
  });
});
