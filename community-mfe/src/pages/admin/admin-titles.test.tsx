/**
 * The moderation screens' document titles carry the console's name, as every other console
 * screen's does ("Chat message · Operator console"; the shell adds the site's name after it).
 */
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import i18next from 'i18next';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ensureI18n, eventBus } from '@scholars/shared-contracts';
import type { Locale } from '@scholars/shared-contracts/locale';
import { testApiServerPerFile } from '@scholars/shared-contracts/testing/api-server';
import { renderRootPerTest } from '@scholars/shared-contracts/testing/render-root';
import { registerTranslations } from '../../i18n';
import { registerConsoleTranslations } from '../../i18n/console';
import { ChatModeration } from './ChatModeration';
import { ModerationItem } from './ModerationItem';
import { ModerationQueue } from './ModerationQueue';

testApiServerPerFile();
const view = renderRootPerTest();
let titles: string[] = [];
let stop: () => void = () => {};

beforeEach(() => {
  titles = [];
  stop = eventBus.on('page-title', ({ title }) => {
    if (title) titles.push(title);
  });
});
afterEach(() => stop());

async function titleOf(path: string, locale: Locale) {
  ensureI18n(i18next, locale);
  registerTranslations();
  registerConsoleTranslations();
  await i18next.changeLanguage(locale);
  titles = [];
  await view.render(
    <MemoryRouter key={path} initialEntries={[path]}>
      <Routes>
        <Route path="/admin/moderation" element={<ModerationQueue />} />
        <Route path="/admin/moderation/chats" element={<ChatModeration />} />
        <Route path="/admin/moderation/:type/:id" element={<ModerationItem />} />
      </Routes>
    </MemoryRouter>,
  );
  return titles.at(-1);
}

describe('moderation screens: the console in their titles', () => {
  it('in English', async () => {
    expect(await titleOf('/admin/moderation/chat_message/4', 'en')).toBe('Chat message · Operator console');
    expect(await titleOf('/admin/moderation/chats?research=3', 'en')).toBe('Chat moderation · Operator console');
    expect(await titleOf('/admin/moderation', 'en')).toBe('Moderation · Operator console');
  });
  it('in Arabic', async () => {
    expect(await titleOf('/admin/moderation/research/4', 'ar')).toBe('بحث · لوحة الإدارة');
    expect(await titleOf('/admin/moderation/chats', 'ar')).toBe('الإشراف على المحادثات · لوحة الإدارة');
    expect(await titleOf('/admin/moderation', 'ar')).toBe('الإشراف على المحتوى · لوحة الإدارة');
  });
});
