/**
 * A Back pressed between the router's first render and its commit (a hydration in slices) is not
 * lost: the real BrowserRouter, with the event fired in that gap.
 */
import type { ReactNode } from 'react';
import { BrowserRouter, useLocation } from 'react-router-dom';
import { beforeEach, describe, expect, it } from 'vitest';
import { renderRootPerTest } from '@scholars/shared-contracts/testing/render-root';
import { CatchUpMissedNavigation } from './CatchUpMissedNavigation';

const { render, $ } = renderRootPerTest();

beforeEach(() => {
  window.history.replaceState(null, '', '/conferences/1');
  window.history.pushState({ usr: null, key: 'second', idx: 1 }, '', '/conferences/2');
});

function ShownAddress() {
  const { pathname } = useLocation();
  return <p data-testid="shown">{pathname}</p>;
}

/** Goes Back during its first render, after the router has read the address and before it listens. */
let wentBack = false;
function BackDuringFirstRender() {
  if (!wentBack) {
    wentBack = true;
    window.history.replaceState({ usr: null, key: 'first', idx: 0 }, '', '/conferences/1');
    window.dispatchEvent(new PopStateEvent('popstate', { state: window.history.state as unknown }));
  }
  return null;
}

async function renderApp(children: ReactNode) {
  wentBack = false;
  await render(<BrowserRouter>{children}</BrowserRouter>);
  return $('[data-testid="shown"]')!.textContent;
}

describe('CatchUpMissedNavigation', () => {
  it('without it, a Back in the gap is lost: the router keeps showing the old address', async () => {
    expect(await renderApp([<BackDuringFirstRender key="back" />, <ShownAddress key="shown" />])).toBe('/conferences/2');
    expect(window.location.pathname).toBe('/conferences/1');
  });

  it('with it, the router follows the address the browser went to', async () => {
    const shown = await renderApp([<CatchUpMissedNavigation key="catch-up" />, <BackDuringFirstRender key="back" />, <ShownAddress key="shown" />]);
    expect(shown).toBe('/conferences/1');
    expect(window.location.pathname).toBe('/conferences/1');
  });

  it('changes nothing when no Back was missed', async () => {
    let pops = 0;
    const count = () => (pops += 1);
    window.addEventListener('popstate', count);
    wentBack = true;
    await render(
      <BrowserRouter>
        <CatchUpMissedNavigation />
        <ShownAddress />
      </BrowserRouter>,
    );
    window.removeEventListener('popstate', count);
    expect($('[data-testid="shown"]')!.textContent).toBe('/conferences/2');
    expect(pops).toBe(0);
  });
});
