import { describe, expect, expectTypeOf, it, vi } from 'vitest';
import { createEventBus, eventBus, type EventBus, type EventHandler, type EventMap } from './index';
import type { ResolvedTheme, ThemePreference } from '../theme';

describe('event bus typing', () => {
  it('types payloads per topic', () => {
    const bus = createEventBus<EventMap>();
    bus.on('theme:changed', (payload) => {
      expectTypeOf(payload).toEqualTypeOf<{ preference: ThemePreference; resolved: ResolvedTheme }>();
    });
    bus.on('toast', (payload) => {
      expectTypeOf(payload.kind).toEqualTypeOf<'success' | 'error' | 'warning' | 'info'>();
      expectTypeOf(payload.title).toEqualTypeOf<string | undefined>();
    });
    expectTypeOf(eventBus).toEqualTypeOf<EventBus<EventMap>>();
    expectTypeOf<EventHandler<EventMap['navigate']>>().parameter(0).toEqualTypeOf<{ to: string; replace?: boolean }>();
    expectTypeOf(bus.on('navigate', () => {})).toEqualTypeOf<() => void>();

    // Wrong payloads and topics do not compile (checked by `tsc -p shared-contracts`).
    const never = () => {
      // @ts-expect-error unknown toast kind
      bus.emit('toast', { kind: 'fatal', message: 'x' });
      // @ts-expect-error missing required field
      bus.emit('navigate', {});
      // @ts-expect-error unknown topic
      bus.emit('no-such-topic', {});
      // @ts-expect-error payload of another topic
      bus.emit('loading:stop', { locale: 'en' });
      // @ts-expect-error handler for a different payload
      bus.on('locale:changed', (payload: { id: string }) => payload);
    };
    expect(never).toBeTypeOf('function');
  });

  it('works with any event map', () => {
    interface Custom {
      ping: { n: number };
    }
    const bus = createEventBus<Custom>();
    const seen: number[] = [];
    bus.on('ping', ({ n }) => seen.push(n));
    bus.emit('ping', { n: 1 });
    // @ts-expect-error n must be a number
    bus.emit('ping', { n: '1' });
    expect(seen).toEqual([1, '1']);
  });
});

describe('event bus delivery', () => {
  it('delivers to every handler of the topic in order, and only to them', () => {
    const bus = createEventBus<EventMap>();
    const calls: string[] = [];
    bus.on('navigate', ({ to }) => calls.push(`a:${to}`));
    bus.on('navigate', ({ to }) => calls.push(`b:${to}`));
    bus.on('loading:stop', () => calls.push('other'));
    bus.emit('navigate', { to: '/about' });
    expect(calls).toEqual(['a:/about', 'b:/about']);
  });

  it('unsubscribes, idempotently, without touching other subscriptions', () => {
    const bus = createEventBus<EventMap>();
    const handler = vi.fn();
    const unsubscribeFirst = bus.on('loading:start', handler);
    bus.on('loading:start', handler);
    expect(bus.listenerCount('loading:start')).toBe(2);
    unsubscribeFirst();
    unsubscribeFirst();
    bus.emit('loading:start', { id: '1' });
    expect(handler).toHaveBeenCalledTimes(1);
    expect(bus.listenerCount('loading:start')).toBe(1);
  });

  it('once delivers a single time and can be canceled before', () => {
    const bus = createEventBus<EventMap>();
    const handler = vi.fn();
    bus.once('locale:changed', handler);
    bus.emit('locale:changed', { locale: 'ar' });
    bus.emit('locale:changed', { locale: 'en' });
    expect(handler).toHaveBeenCalledTimes(1);
    expect(handler).toHaveBeenCalledWith({ locale: 'ar' });

    const canceled = vi.fn();
    const off = bus.once('locale:changed', canceled);
    off();
    bus.emit('locale:changed', { locale: 'ar' });
    expect(canceled).not.toHaveBeenCalled();
  });

  it('a throwing handler does not stop the other handlers', () => {
    const onError = vi.fn();
    const bus = createEventBus<EventMap>({ onError });
    const before = vi.fn();
    const after = vi.fn();
    const any = vi.fn();
    bus.on('toast', before);
    bus.on('toast', () => {
      throw new Error('boom');
    });
    bus.on('toast', after);
    bus.onAny(any);
    expect(() => bus.emit('toast', { kind: 'info', message: 'hi' })).not.toThrow();
    expect(before).toHaveBeenCalledOnce();
    expect(after).toHaveBeenCalledOnce();
    expect(any).toHaveBeenCalledWith('toast', { kind: 'info', message: 'hi' });
    expect(onError).toHaveBeenCalledWith(expect.objectContaining({ message: 'boom' }), 'toast');
  });

  it('reports handler errors to console.error by default', () => {
    const spy = vi.spyOn(console, 'error').mockImplementation(() => {});
    const bus = createEventBus<EventMap>();
    bus.on('loading:stop', () => {
      throw new Error('x');
    });
    bus.emit('loading:stop', { id: '1' });
    expect(spy).toHaveBeenCalledOnce();
    spy.mockRestore();
  });

  it('handlers added or removed during an emit apply from the next emit', () => {
    const bus = createEventBus<EventMap>();
    const late = vi.fn();
    const second = vi.fn();
    let offSecond = () => {};
    bus.on('navigate', () => {
      bus.on('navigate', late);
      offSecond();
    });
    offSecond = bus.on('navigate', second);
    bus.emit('navigate', { to: '/' });
    expect(late).not.toHaveBeenCalled();
    expect(second).toHaveBeenCalledOnce();
    bus.emit('navigate', { to: '/' });
    expect(late).toHaveBeenCalledOnce();
    expect(second).toHaveBeenCalledOnce();
  });

  it('clear removes every handler', () => {
    const bus = createEventBus<EventMap>();
    const handler = vi.fn();
    bus.on('navigate', handler);
    bus.onAny(handler);
    bus.clear();
    bus.emit('navigate', { to: '/' });
    expect(handler).not.toHaveBeenCalled();
  });
});
