/** The read cache's store (lib/read-cache.ts) on its own, with a fake clock. */
import { describe, expect, it } from 'vitest';
import { ReadCache } from '../src/lib/read-cache';

function clock(start = Date.UTC(2026, 0, 1, 12, 0, 0, 300)) {
  let now = start;
  return { now: () => now, advance: (ms: number) => (now += ms) };
}

describe('ReadCache', () => {
  it('keeps a value until a table it was read from changes', () => {
    const cache = new ReadCache<string>();
    cache.set('a', cache.snapshot(['conferences']), 'A', 10, 60_000);
    cache.set('b', cache.snapshot(['ads']), 'B', 10, 60_000);
    expect(cache.get('a')).toBe('A');
    cache.invalidate(['conferences']);
    expect(cache.get('a')).toBeUndefined();
    expect(cache.get('b')).toBe('B');
  });

  it('refuses a value read before a change that happened while it was being read', () => {
    const cache = new ReadCache<string>();
    const before = cache.snapshot(['conferences']);
    cache.invalidate(['conferences']);
    expect(cache.set('a', before, 'stale', 10, 60_000)).toBe(false);
    expect(cache.get('a')).toBeUndefined();
    const cleared = cache.snapshot(['ads']);
    cache.clear();
    expect(cache.set('b', cleared, 'stale', 10, 60_000)).toBe(false);
  });

  it('drops values past their time to live', () => {
    const time = clock();
    const cache = new ReadCache<string>({ now: time.now });
    cache.set('a', cache.snapshot(['ads']), 'A', 10, 60_000);
    time.advance(59_999);
    expect(cache.get('a')).toBe('A');
    time.advance(1);
    expect(cache.get('a')).toBeUndefined();
  });

  it('evicts the least recently used beyond its bounds (entries and bytes)', () => {
    const byCount = new ReadCache<string>({ maxEntries: 2 });
    byCount.set('a', byCount.snapshot([]), 'A', 1, 60_000);
    byCount.set('b', byCount.snapshot([]), 'B', 1, 60_000);
    expect(byCount.get('a')).toBe('A'); // a is now the most recent
    byCount.set('c', byCount.snapshot([]), 'C', 1, 60_000);
    expect(byCount.get('b')).toBeUndefined();
    expect(byCount.get('a')).toBe('A');
    expect(byCount.get('c')).toBe('C');

    const byBytes = new ReadCache<string>({ maxBytes: 800 });
    byBytes.set('a', byBytes.snapshot([]), 'A', 100, 60_000);
    byBytes.set('b', byBytes.snapshot([]), 'B', 100, 60_000);
    expect(byBytes.set('huge', byBytes.snapshot([]), 'H', 101, 60_000)).toBe(false); // more than an eighth of the budget
    for (let n = 0; n < 7; n += 1) byBytes.set(`x${n}`, byBytes.snapshot([]), 'X', 100, 60_000);
    expect(byBytes.stats.bytes).toBeLessThanOrEqual(800);
    expect(byBytes.get('a')).toBeUndefined();
    byBytes.grow('x6', 50);
    expect(byBytes.stats.bytes).toBeLessThanOrEqual(800);
  });

  it('serves and stores nothing while disabled, and forgets everything when disabled', () => {
    const cache = new ReadCache<string>();
    cache.set('a', cache.snapshot([]), 'A', 1, 60_000);
    cache.setEnabled(false);
    expect(cache.get('a')).toBeUndefined();
    expect(cache.set('b', cache.snapshot([]), 'B', 1, 60_000)).toBe(false);
    cache.setEnabled(true);
    expect(cache.get('a')).toBeUndefined();
    expect(new ReadCache({ maxBytes: 0 }).enabled).toBe(false);
  });

  it('memo: one load for concurrent callers; a caller after a change does not share a load that started before it', async () => {
    const cache = new ReadCache<number>();
    let loads = 0;
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const load = async () => {
      const mine = ++loads;
      await gate;
      return mine;
    };
    const first = cache.memo('tot', ['conferences'], 60_000, load);
    const second = cache.memo('tot', ['conferences'], 60_000, load);
    cache.invalidate(['conferences']);
    const third = cache.memo('tot', ['conferences'], 60_000, load);
    release();
    expect(await Promise.all([first, second, third])).toEqual([1, 1, 2]);
    expect(loads).toBe(2);
    // The load that started after the change is the one kept.
    expect(await cache.memo('tot', ['conferences'], 60_000, load)).toBe(2);
    expect(loads).toBe(2);
  });

  it('Last-Modified: rounded up to the second of the change, never going back', () => {
    const time = clock(Date.UTC(2026, 0, 1, 12, 0, 0, 300));
    const cache = new ReadCache<string>({ now: time.now });
    const start = cache.lastModified(['ads']);
    expect(start).toBe(Date.UTC(2026, 0, 1, 12, 0, 1));
    time.advance(5_000);
    cache.invalidate(['ads']);
    expect(cache.lastModified(['ads'])).toBe(Date.UTC(2026, 0, 1, 12, 0, 6));
    expect(cache.lastModified(['conferences'])).toBe(start);
    expect(cache.lastModified(['ads', 'conferences'])).toBe(Date.UTC(2026, 0, 1, 12, 0, 6));
    cache.invalidate(['ads']);
    cache.invalidate(['ads']);
    expect(cache.lastModified(['ads'])).toBe(Date.UTC(2026, 0, 1, 12, 0, 6));
  });
});
