/**
 * The ads pop-up's slider: one slide at a time, a seamless loop both ways, arrows and dots, an
 * auto-advance that goes on after a click and pauses while focused, arrow keys and swipes that
 * follow the reading direction, no controls for a single ad.
 */
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AdsSlider, type AdsSliderProps } from './AdsSlider';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

let container: HTMLDivElement;
let root: Root;

beforeEach(() => {
  vi.useFakeTimers();
  container = document.createElement('div');
  document.body.append(container);
  root = createRoot(container);
});

afterEach(() => {
  act(() => root.unmount());
  container.remove();
  vi.useRealTimers();
});

const labels: AdsSliderProps['labels'] = {
  previous: 'Previous',
  next: 'Next',
  goTo: (number) => `Show ${number}`,
  slide: (number, count) => `${number} of ${count}`,
};

function render(count: number, dir: 'ltr' | 'rtl' = 'ltr') {
  const slides = Array.from({ length: count }, (_, index) => ({ key: index, content: <p>Ad {index + 1}</p> }));
  act(() => root.render(<AdsSlider slides={slides} label="Announcements" autoplayMs={4000} dir={dir} labels={labels} />));
}

/** The slide shown (the one not hidden), e.g. 'Ad 2'. */
const shown = () => container.querySelector('[role="group"][aria-hidden="false"]')?.textContent;
const button = (name: string) => container.querySelector<HTMLButtonElement>(`button[aria-label="${name}"]`)!;
const click = (element: HTMLElement) => act(() => element.click());
/** Lets a slide-in finish (the jump off a copy of a slide waits for it). */
const settle = () => act(() => vi.advanceTimersByTime(400));

describe('AdsSlider', () => {
  it('moves with the arrows and loops both ways', () => {
    render(3);
    expect(container.querySelector('[role="region"]')?.getAttribute('aria-roledescription')).toBe('carousel');
    expect(shown()).toBe('Ad 1');
    click(button('Previous'));
    settle();
    expect(shown()).toBe('Ad 3');
    click(button('Next'));
    settle();
    expect(shown()).toBe('Ad 1');
    click(button('Next'));
    click(button('Next'));
    settle();
    expect(shown()).toBe('Ad 3');
    click(button('Next'));
    settle();
    expect(shown()).toBe('Ad 1');
    expect(container.querySelector('[aria-hidden="false"]')?.getAttribute('aria-label')).toBe('1 of 3');
    // A click during the slide onto a copy is not lost: it is made once the slider is off the copy.
    click(button('Previous'));
    click(button('Next'));
    settle();
    settle();
    settle();
    expect(shown()).toBe('Ad 1');
    expect(container.querySelector('[aria-hidden="false"]')?.getAttribute('aria-label')).toBe('1 of 3');
  });

  it('the dots show and choose the slide', () => {
    render(3);
    click(button('Show 3'));
    settle();
    expect(shown()).toBe('Ad 3');
    expect(button('Show 3').getAttribute('aria-current')).toBe('true');
    expect(button('Show 1').hasAttribute('aria-current')).toBe(false);
  });

  it('advances every 4000 ms, goes on after a click, pauses while focused', () => {
    render(3);
    act(() => vi.advanceTimersByTime(3999));
    expect(shown()).toBe('Ad 1');
    act(() => vi.advanceTimersByTime(1));
    settle();
    expect(shown()).toBe('Ad 2');
    click(button('Next'));
    settle();
    expect(shown()).toBe('Ad 3');
    act(() => vi.advanceTimersByTime(4000));
    settle();
    expect(shown()).toBe('Ad 1');
    act(() => button('Next').focus());
    act(() => vi.advanceTimersByTime(10_000));
    expect(shown()).toBe('Ad 1');
    act(() => button('Next').blur());
    act(() => vi.advanceTimersByTime(4000));
    settle();
    expect(shown()).toBe('Ad 2');
  });

  it('arrow keys and swipes follow the reading direction', () => {
    render(3, 'rtl');
    const region = container.querySelector<HTMLElement>('[role="region"]')!;
    act(() => region.dispatchEvent(new KeyboardEvent('keydown', { key: 'ArrowLeft', bubbles: true })));
    settle();
    expect(shown()).toBe('Ad 2');
    act(() => region.dispatchEvent(new KeyboardEvent('keydown', { key: 'ArrowRight', bubbles: true })));
    settle();
    expect(shown()).toBe('Ad 1');
    // In Arabic, a swipe to the right brings the next slide.
    const viewport = region.firstElementChild as HTMLElement;
    act(() => viewport.dispatchEvent(new MouseEvent('pointerdown', { clientX: 100, bubbles: true })));
    act(() => viewport.dispatchEvent(new MouseEvent('pointerup', { clientX: 200, bubbles: true })));
    settle();
    expect(shown()).toBe('Ad 2');
  });

  it('one ad: no arrows, no dots, no auto-advance', () => {
    render(1);
    expect(shown()).toBe('Ad 1');
    expect(container.querySelectorAll('button')).toHaveLength(0);
    act(() => vi.advanceTimersByTime(10_000));
    expect(shown()).toBe('Ad 1');
  });
});
