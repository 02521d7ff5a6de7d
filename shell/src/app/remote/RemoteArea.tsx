import { Suspense, use, useEffect, useRef, useState, type ComponentType } from 'react';
import { useTranslation } from 'react-i18next';
import { apiClient } from '@scholars/shared-contracts';
import { useNearViewport } from '@scholars/shared-contracts/ui';
import { loadExposed } from './remote-registry';
import { RemoteErrorBoundary } from './RemoteErrorBoundary';
import { RemoteFailure } from './RemoteFailure';
import { serverRenderedArea, serverRenderedModule } from './server-rendered';
import { liftInert } from '../../lib/inert';

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
export function RemoteArea(props: Props) {
  const { remote, expose, name } = props;
  // The server rendered this area into the page: hydrate it (once its code is here) instead of
  // replacing it with the loading state. After a failure, the usual path (with its retry) takes over.
  const [hydrating, setHydrating] = useState(() => serverRenderedArea() === `${remote}/${expose}/${name}`);
  if (hydrating) return <ServerRenderedArea {...props} onFailed={() => setHydrating(false)} />;
  return <LoadedRemoteArea {...props} />;
}

function RemoteLoading() {
  const { t } = useTranslation('shell');
  return (
    <div role="status" aria-live="polite" className="flex min-h-[40vh] items-center justify-center text-slate-500 dark:text-slate-400">
      {t('remote.loading')}
    </div>
  );
}

/**
 * A server-rendered area: the same tree on the server (the module is at hand) and in the browser,
 * where the module suspends until its code has arrived; React keeps the server's markup on screen
 * meanwhile, then hydrates it.
 */
function ServerRenderedArea({ remote, expose, name, props, onFailed }: Props & { onFailed: () => void }) {
  return (
    <RemoteErrorBoundary remote={remote} onRetry={onFailed}>
      <Suspense fallback={<RemoteLoading />}>
        <ServerRenderedModule remote={remote} expose={expose} name={name} props={props} />
      </Suspense>
    </RemoteErrorBoundary>
  );
}

function ServerRenderedModule({ remote, expose, name, props }: Pick<Props, 'remote' | 'expose' | 'name' | 'props'>) {
  const exposed = serverRenderedModule(remote, expose) ?? use(loadExposed(remote, expose));
  const area = useRef<HTMLDivElement>(null);
  // The server marked the area's controls inert (they need this code): hydrated, they work.
  useEffect(() => {
    if (area.current) liftInert(area.current);
  }, []);
  const Component = exposed[name];
  if (!Component) throw new Error(`${remote}/${expose} exposes no ${name}`);
  return (
    <div ref={area} data-remote={remote}>
      <Component {...props} />
    </div>
  );
}

function LoadedRemoteArea({ remote, expose, name, props, quiet = false, belowTheFold }: Props) {
  const [attempt, setAttempt] = useState(0);
  const [state, setState] = useState<LoadState>({ status: 'loading' });
  const [placeholder, near] = useNearViewport<HTMLDivElement>();
  const wanted = belowTheFold === undefined || near;

  useEffect(() => {
    if (!wanted) return;
    let live = true;
    setState({ status: 'loading' });
    // A remote's page or widget reads the API as soon as it mounts: the API client's code (fetched
    // on first use) comes alongside the remote's, not after it.
    void apiClient.preload();
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
  if (state.status === 'loading') return quiet ? null : <RemoteLoading />;
  const { Component } = state;
  return (
    <RemoteErrorBoundary remote={remote} onRetry={retry}>
      <div data-remote={remote}>
        <Component {...props} />
      </div>
    </RemoteErrorBoundary>
  );
}
