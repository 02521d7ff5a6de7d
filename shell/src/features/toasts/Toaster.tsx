import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { eventBus, type EventMap } from '@scholars/shared-contracts';

type Toast = EventMap['toast'] & { id: number };
const TOAST_MS = 3000;
let nextId = 1;

const tone: Record<Toast['kind'], string> = {
  success: 'border-emerald-500 bg-emerald-50 text-emerald-900 dark:bg-emerald-950 dark:text-emerald-100',
  error: 'border-red-500 bg-red-50 text-red-900 dark:bg-red-950 dark:text-red-100',
  warning: 'border-amber-500 bg-amber-50 text-amber-900 dark:bg-amber-950 dark:text-amber-100',
  info: 'border-sky-500 bg-sky-50 text-sky-900 dark:bg-sky-950 dark:text-sky-100',
};

/**
 * Toasts of spec 9 (3000 ms, 300 px wide) in the notification area of spec 2: at the reading-start
 * corner, top-left in English and top-right in Arabic, below the sticky header (over it, a toast hid
 * the site's name and menu for its 3 seconds). Hand-written because the maintained toast libraries
 * inject <style> at run time, which our CSP forbids.
 */
export function Toaster() {
  const { t } = useTranslation('shell');
  const [toasts, setToasts] = useState<Toast[]>([]);

  useEffect(
    () =>
      eventBus.on('toast', (toast) => {
        const id = nextId++;
        setToasts((current) => [...current, { ...toast, id }]);
        setTimeout(() => setToasts((current) => current.filter((item) => item.id !== id)), TOAST_MS);
      }),
    [],
  );

  return (
    <div role="region" aria-live="polite" aria-label={t('notifications')} className="pointer-events-none fixed top-20 start-4 z-[60] flex w-[300px] max-w-[calc(100vw-2rem)] flex-col gap-2">
      {toasts.map((toast) => (
        <div key={toast.id} role={toast.kind === 'error' ? 'alert' : 'status'} data-testid={`toast-${toast.kind}`} className={`pointer-events-auto rounded-lg border-s-4 p-3 shadow-lg transition-opacity duration-300 ${tone[toast.kind]}`}>
          <div className="flex items-start justify-between gap-2">
            <div>
              {toast.title ? <p className="font-semibold">{toast.title}</p> : null}
              <p className="text-sm">{toast.message}</p>
            </div>
            <button type="button" aria-label={t('dismiss')} className="rounded px-1 text-lg leading-none opacity-70 hover:opacity-100" onClick={() => setToasts((current) => current.filter((item) => item.id !== toast.id))}>
              ×
            </button>
          </div>
        </div>
      ))}
    </div>
  );
}
