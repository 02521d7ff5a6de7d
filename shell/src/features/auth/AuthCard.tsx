import type { ReactNode } from 'react';

/**
 * The frame of the sign-in, sign-up and password screens. The outer padding keeps the card off a
 * phone's edges (classes the shell's stylesheet already has: the home page's start is unchanged).
 */
export function AuthCard({ title, page, children, footer }: { title: string; page: string; children: ReactNode; footer?: ReactNode }) {
  return (
    <div className="px-4">
      <section className="mx-auto my-12 max-w-md rounded-2xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8 dark:border-slate-800 dark:bg-slate-900" data-testid="shell-page" data-page={page}>
        <h1 className="text-2xl font-bold">{title}</h1>
        <div className="mt-6">{children}</div>
        {footer ? <div className="mt-6 border-t border-slate-200 pt-4 text-sm dark:border-slate-800">{footer}</div> : null}
      </section>
    </div>
  );
}

export function SubmitButton({ busy, label, busyLabel }: { busy: boolean; label: string; busyLabel: string }) {
  return (
    <button type="submit" disabled={busy} className="w-full rounded-lg bg-emerald-700 px-4 py-2.5 font-medium text-white hover:bg-emerald-800 disabled:opacity-60">
      {busy ? busyLabel : label}
    </button>
  );
}

export function FormMessage({ kind, children, testId }: { kind: 'error' | 'success' | 'info'; children: ReactNode; testId?: string }) {
  const tone = {
    error: 'bg-red-50 text-red-900 dark:bg-red-950 dark:text-red-100',
    success: 'bg-emerald-50 text-emerald-900 dark:bg-emerald-950 dark:text-emerald-100',
    info: 'bg-amber-50 text-amber-900 dark:bg-amber-950 dark:text-amber-100',
  }[kind];
  return (
    <p role={kind === 'error' ? 'alert' : 'status'} data-testid={testId} className={`mb-4 rounded-lg p-3 text-sm ${tone}`}>
      {children}
    </p>
  );
}
