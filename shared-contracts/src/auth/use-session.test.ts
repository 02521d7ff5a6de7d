import { act, createElement } from 'react';
import { describe, expect, it } from 'vitest';
import { createMemoryStorage } from '../testing';
import { renderRootPerTest } from '../testing/render-root';
import { createTokenStore } from './token-store';
import { useSession } from './use-session';

const view = renderRootPerTest();

describe('useSession', () => {
  it('re-renders when the session changes', async () => {
    const store = createTokenStore(createMemoryStorage(), { bus: null, syncSource: null });
    function Badge() {
      const signedIn = useSession((state) => state.isSignedIn, store);
      const name = useSession((state) => state.user?.name ?? 'guest', store);
      return createElement('span', null, `${signedIn ? 'in' : 'out'}:${name}`);
    }
    await view.render(createElement(Badge));
    expect(view.container.textContent).toBe('out:guest');

    await act(async () =>
      store.getState().setSession({ accessToken: 't', user: { id: 1, name: 'Omar', email: 'o@x.ae', role: 'user' } }),
    );
    expect(view.container.textContent).toBe('in:Omar');

    await act(async () => store.getState().clear());
    expect(view.container.textContent).toBe('out:guest');
  });
});
