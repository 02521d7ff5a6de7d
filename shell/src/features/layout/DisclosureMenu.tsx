import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { useLocation } from 'react-router-dom';

/**
 * A navigation dropdown in the WAI "disclosure navigation" pattern: a button that shows a list of
 * links. Escape closes it and returns focus to the button; so do a click outside and a navigation.
 */
export function DisclosureMenu({ label, children, testId }: { label: string; children: ReactNode; testId?: string }) {
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const root = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const location = useLocation();

  useEffect(() => setOpen(false), [location.key]);
  useEffect(() => {
    if (!open) return;
    const onPointer = (event: PointerEvent) => {
      if (!root.current?.contains(event.target as Node)) setOpen(false);
    };
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') {
        setOpen(false);
        button.current?.focus();
      }
    };
    document.addEventListener('pointerdown', onPointer);
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('pointerdown', onPointer);
      document.removeEventListener('keydown', onKey);
    };
  }, [open]);

  return (
    <div ref={root} className="relative" data-testid={testId} onBlur={(event) => {
      if (!root.current?.contains(event.relatedTarget as Node | null)) setOpen(false);
    }}>
      <button ref={button} type="button" aria-expanded={open} aria-controls={panelId} onClick={() => setOpen((value) => !value)} className="flex items-center gap-1 whitespace-nowrap rounded-md px-1.5 py-2 text-sm font-medium text-slate-700 hover:bg-emerald-50 hover:text-emerald-800 dark:text-slate-200 dark:hover:bg-slate-800 dark:hover:text-emerald-300">
        {label}
        <span aria-hidden="true" className={`text-xs transition-transform ${open ? 'rotate-180' : ''}`}>▾</span>
      </button>
      <ul id={panelId} hidden={!open} className="z-50 min-w-56 rounded-lg border border-slate-200 bg-white py-1 shadow-lg lg:absolute lg:start-0 lg:top-full dark:border-slate-700 dark:bg-slate-900">
        {children}
      </ul>
    </div>
  );
}

export const menuItemClass =
  'block whitespace-nowrap px-4 py-2 text-sm text-slate-700 hover:bg-emerald-50 hover:text-emerald-800 focus-visible:bg-emerald-50 dark:text-slate-200 dark:hover:bg-slate-800 dark:hover:text-emerald-300';
