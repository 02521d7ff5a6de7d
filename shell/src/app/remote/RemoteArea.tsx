import { useEffect, useState, type ComponentType } from 'react';
import { useTranslation } from 'react-i18next';
import { useNearViewport } from '@scholars/shared-contracts/ui';
import { loadExposed } from './remote-registry';
import { RemoteErrorBoundary } from './RemoteErrorBoundary';
import { RemoteFailure } from './RemoteFailure';

type LoadState =
  | { status: 'loading' }
  | { status: 'ready'; Component: ComponentType<Record<string, unknown>> }
  | { status: 'failed' };

interface Props {
  remote: string;
  /** The exposed module, e.g. 'pages' or 'widgets'. */
  expose: string;
  /** The component exported by that module. */
  name: string;
  props?: Record<string, unknown>;
  /** Widgets render nothing while loading and when they fail (spec 8: failures only logged). */
  quiet?: boolean;
  /**
   * Below the first screen: fetched and mounted only as the reader approaches it (issue 6), in a
   * box of this class (its reserved height) until then, so the page below does not jump.
   */
  belowTheFold?: string;
}

/** One remote's area of the page: loads it at run time, and isolates its failures with a retry. */
export function RemoteArea({ remote, expose, name, props, quiet = false, belowTheFold }: Props) {
  const { t } = useTranslation('shell');
  const [attempt, setAttempt] = useState(0);
  const [state, setState] = useState<LoadState>({ status: 'loading' });
  const [placeholder, near] = useNearViewport<HTMLDivElement>();
  const wanted = belowTheFold === undefined || near;

  useEffect(() => {
    if (!wanted) return;
    let live = true;
    setState({ status: 'loading' });
    loadExposed(remote, expose, attempt > 0)
      .then((module) => {
        const Component = module[name];
        if (!Component) throw new Error(`${remote}/${expose} exposes no ${name}`);
        if (live) setState({ status: 'ready', Component });
      })
      .catch((error: unknown) => {
        console.error(`Could not load ${remote}/${expose}`, error);
        if (live) setState({ status: 'failed' });
      });
    return () => {
      live = false;
    };
  }, [remote, expose, name, attempt, wanted]);

  const retry = () => setAttempt((count) => count + 1);
  if (state.status === 'failed') return quiet ? null : <RemoteFailure remote={remote} onRetry={retry} />;
  if (state.status === 'loading' && belowTheFold !== undefined) {
    return <div ref={placeholder} className={belowTheFold} aria-busy="true" data-testid={`deferred-${remote}-${name}`} />;
  }
  if (state.status === 'loading') {
    return quiet ? null : (
      <div role="status" aria-live="polite" className="flex min-h-[40vh] items-center justify-center text-slate-500 dark:text-slate-400">
        {t('remote.loading')}
      </div>
    );
  }
  const { Component } = state;
  return (
    <RemoteErrorBoundary remote={remote} onRetry={retry}>
      <div data-remote={remote}>
        <Component {...props} />
      </div>
    </RemoteErrorBoundary>
  );
}
