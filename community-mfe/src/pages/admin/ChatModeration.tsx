import { useState, type FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { isApiError, ROUTES, useLocale, usePageTitle } from '@scholars/shared-contracts';
import { controlClass, useAsync } from '@scholars/shared-contracts/ui';
import { pickLocalized } from '@scholars/shared-contracts/locale';
import { routeId } from '@scholars/shared-contracts/constants';
import { NAMESPACE } from '../../i18n';
import { fetchChatSettings } from '../../api/moderation';
import { ChatSettingsForm } from './parts';

/**
 * `/admin/moderation/chats?research=<id>` (reviewer, admin): a research's chat moderation, found by
 * the research's number (the research kept in the address): close it with a reason, reopen it,
 * slow mode.
 */
export function ChatModeration() {
  const { t } = useTranslation(NAMESPACE);
  const { locale } = useLocale();
  // Its title comes with the screen, the console's name after it as on every console screen.
  usePageTitle(t('console.inConsole', { page: t('console.chatTitle') }));
  const [params, setParams] = useSearchParams();
  const researchId = routeId(params.get('research'));
  const [typed, setTyped] = useState(researchId ? String(researchId) : '');
  const settings = useAsync((signal) => (researchId ? fetchChatSettings(researchId, signal) : Promise.resolve(null)), [researchId]);
  const open = (event: FormEvent) => {
    event.preventDefault();
    const id = routeId(typed.trim());
    setParams(id ? { research: String(id) } : {});
  };
  return (
    <section className="space-y-4" data-testid="chat-moderation">
      <Link to={ROUTES.adminModeration} className="text-sm text-emerald-800 underline dark:text-emerald-300">
        <span aria-hidden="true" className="inline-block rtl:rotate-180">←</span> {t('console.backToQueue')}
      </Link>
      <h1 className="text-2xl font-bold text-slate-900 dark:text-slate-50">{t('console.chatTitle')}</h1>
      <p className="text-sm text-slate-600 dark:text-slate-300">{t('console.chatIntro')}</p>
      <form onSubmit={open} className="flex flex-wrap items-end gap-2">
        <label className="text-sm">
          {t('console.researchId')}
          <input value={typed} onChange={(event) => setTyped(event.target.value)} inputMode="numeric" dir="ltr" className={`${controlClass(false)} max-w-40`} data-testid="chat-moderation-research" />
        </label>
        <button type="submit" className="rounded-lg border border-emerald-700 px-4 py-2 font-semibold text-emerald-800 dark:border-emerald-400 dark:text-emerald-200" data-testid="chat-moderation-open">
          {t('console.load')}
        </button>
      </form>
      {settings.status === 'failed' ? (
        <p role="alert" className="text-red-700 dark:text-red-300">
          {isApiError(settings.error) && settings.error.status === 404 ? t('console.notFound') : t('console.loadFailed')}
        </p>
      ) : settings.data ? (
        <ChatSettingsForm
          key={settings.data.research.id}
          researchId={settings.data.research.id}
          title={pickLocalized(locale, settings.data.research.title, settings.data.research.title_en)}
          initial={settings.data}
        />
      ) : researchId ? (
        <p role="status" className="text-slate-500 dark:text-slate-400">{t('console.loading')}</p>
      ) : null}
    </section>
  );
}
