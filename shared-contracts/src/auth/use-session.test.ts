import { act, createElement } from 'react';
import { createRoot } from 'react-dom/client';
import { afterEach, describe, expect, it } from 'vitest';
import { createMemoryStorage } from '../testing';
import { createTokenStore } from './token-store';
import { useSession } from './use-session';

declare global {
  var IS_REACT_ACT_ENVIRONMENT: boolean | undefined;
}
globalThis.IS_REACT_ACT_ENVIRONMENT = true;

const containers: HTMLElement[] = [];
afterEach(() => containers.splice(0).forEach((container) => container.remove()));

describe('useSession', () => {
  it('re-renders when the session changes', async () => {
    const store = createTokenStore(createMemoryStorage(), { bus: null, syncSource: null });
    function Badge() {
      const signedIn = useSession((state) => state.isSignedIn, store);
      const name = useSession((state) => state.user?.name ?? 'guest', store);
      return createElement('span', null, `${signedIn ? 'in' : 'out'}:${name}`);
    }
    const container = document.createElement('div');
    containers.push(container);
    document.body.append(container);
    const root = createRoot(container);
    await act(async () => root.render(createElement(Badge)));
    expect(container.textContent).toBe('out:guest');

    await act(async () =>
      store.getState().setSession({ accessToken: 't', user: { id: 1, name: 'Omar', email: 'o@x.ae', role: 'user' } }),
    );
    expect(container.textContent).toBe('in:Omar');

    await act(async () => store.getState().clear());
    expect(container.textContent).toBe('out:guest');
    await act(async () => root.unmount());
  });
});
