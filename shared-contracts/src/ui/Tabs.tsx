import { useId, useRef, type KeyboardEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

export interface TabDefinition<K extends string> {
  key: K;
  label: string;
  content: () => ReactNode;
}

/**
 * WAI-ARIA tabs (automatic activation): arrow keys move along the reading direction (they flip in
 * Arabic), Home and End jump to the ends; only the active tab is in the Tab order. The panel's
 * test id is `${panelTestIdPrefix}${key}`. The tabs wrap onto another line when they do not fit, at
 * every width: every tab is in sight (a strip that scrolls sideways hid the last ones, with nothing
 * saying so).
 */
export function Tabs<K extends string>({
  tabs,
  active,
  onChange,
  label,
  panelTestIdPrefix = 'tab-panel-',
}: {
  tabs: Array<TabDefinition<K>>;
  active: K;
  onChange: (key: K) => void;
  label: string;
  panelTestIdPrefix?: string;
}) {
  const base = useId();
  // The direction of the shared i18next instance (the shell's language), read without the package
  // root so this entry stays stateless.
  const isRtl = useTranslation().i18n.dir() === 'rtl';
  const refs = useRef(new Map<K, HTMLButtonElement>());
  const current = tabs.find((tab) => tab.key === active) ?? tabs[0]!;

  const move = (event: KeyboardEvent<HTMLDivElement>) => {
    const index = tabs.findIndex((tab) => tab.key === current.key);
    const forward = isRtl ? 'ArrowLeft' : 'ArrowRight';
    const backward = isRtl ? 'ArrowRight' : 'ArrowLeft';
    let next: number | null = null;
    if (event.key === forward) next = (index + 1) % tabs.length;
    else if (event.key === backward) next = (index - 1 + tabs.length) % tabs.length;
    else if (event.key === 'Home') next = 0;
    else if (event.key === 'End') next = tabs.length - 1;
    if (next === null) return;
    event.preventDefault();
    const target = tabs[next]!;
    onChange(target.key);
    refs.current.get(target.key)?.focus();
  };

  return (
    <div>
      <div role="tablist" aria-label={label} onKeyDown={move} className="flex flex-wrap gap-1 border-b border-slate-200 dark:border-slate-800">
        {tabs.map((tab) => {
          const selected = tab.key === current.key;
          return (
            <button
              key={tab.key}
              ref={(element) => {
                if (element) refs.current.set(tab.key, element);
                else refs.current.delete(tab.key);
              }}
              type="button"
              role="tab"
              id={`${base}-tab-${tab.key}`}
              aria-selected={selected}
              aria-controls={`${base}-panel-${tab.key}`}
              tabIndex={selected ? 0 : -1}
              data-tab={tab.key}
              onClick={() => onChange(tab.key)}
              className={`-mb-px shrink-0 border-b-2 px-4 py-3 text-sm font-semibold whitespace-nowrap ${
                selected
                  ? 'border-emerald-700 text-emerald-800 dark:border-emerald-400 dark:text-emerald-300'
                  : 'border-transparent text-slate-600 hover:text-slate-900 dark:text-slate-300 dark:hover:text-white'
              }`}
            >
              {tab.label}
            </button>
          );
        })}
      </div>
      <div
        role="tabpanel"
        id={`${base}-panel-${current.key}`}
        aria-labelledby={`${base}-tab-${current.key}`}
        tabIndex={0}
        data-testid={`${panelTestIdPrefix}${current.key}`}
        className="py-6 focus:outline-none"
      >
        {current.content()}
      </div>
    </div>
  );
}
