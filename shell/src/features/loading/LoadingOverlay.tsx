import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { eventBus, type EventMap } from '@scholars/shared-contracts';

type Pending = EventMap['loading:start'];

/** Shown while non-silent API calls run; Escape cancels the ones that allow it (spec 9). */
export function LoadingOverlay() {
  const { t } = useTranslation(['shell', 'common']);
  const [pending, setPending] = useState<Pending[]>([]);

  useEffect(() => {
    const offStart = eventBus.on('loading:start', (item) => setPending((current) => [...current, item]));
    const offStop = eventBus.on('loading:stop', ({ id }) => setPending((current) => current.filter((item) => item.id !== id)));
    return () => {
      offStart();
      offStop();
    };
  }, []);

  const cancellable = pending.filter((item) => item.cancellable);
  useEffect(() => {
    if (!cancellable.length) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      for (const item of cancellable) item.onCancel?.();
      const canceled = new Set(cancellable.map((item) => item.id));
      setPending((current) => current.filter((item) => !canceled.has(item.id)));
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [cancellable]);

  if (!pending.length) return null;
  return (
    <div role="status" aria-live="polite" data-testid="loading-overlay" className="fixed inset-0 z-[55] flex items-center justify-center bg-slate-900/30 backdrop-blur-[1px]">
      <div className="flex items-center gap-3 rounded-xl bg-white px-5 py-4 shadow-xl dark:bg-slate-800 dark:text-slate-100">
        <span aria-hidden="true" className="size-5 animate-spin rounded-full border-2 border-slate-300 border-t-emerald-600" />
        <span>{t('shell:remote.loading')}</span>
      </div>
    </div>
  );
}
