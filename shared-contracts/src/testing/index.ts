/**
 * Test helpers (browser-safe, no test-runner dependency): an in-memory Storage and a recorder
 * of bus events.
 */
import type { EventBus, Unsubscribe } from '../events/bus';
import type { EventMap } from '../events/types';
import type { StorageLike } from '../storage-keys';

export interface MemoryStorage extends StorageLike {
  readonly length: number;
  clear(): void;
  key(index: number): string | null;
  /** A copy of the current entries. */
  snapshot(): Record<string, string>;
}

/** A Storage held in memory, optionally pre-filled. Values are stored as strings, like localStorage. */
export function createMemoryStorage(initial: Record<string, string> = {}): MemoryStorage {
  const map = new Map<string, string>(Object.entries(initial));
  return {
    get length() {
      return map.size;
    },
    getItem: (key) => map.get(key) ?? null,
    setItem: (key, value) => {
      map.set(key, String(value));
    },
    removeItem: (key) => {
      map.delete(key);
    },
    clear: () => map.clear(),
    key: (index) => [...map.keys()][index] ?? null,
    snapshot: () => Object.fromEntries(map),
  };
}

export type RecordedEvent<M> = { [K in keyof M]: { topic: K; payload: M[K] } }[keyof M];

export interface BusRecorder<M extends object> {
  /** Every event since the recorder started (or since `reset`), in order. */
  readonly events: RecordedEvent<M>[];
  /** Payloads of one topic. */
  of<K extends keyof M>(topic: K): M[K][];
  reset(): void;
  stop: Unsubscribe;
}

/** Records everything emitted on `bus` (via `onAny`). */
export function recordBus<M extends object = EventMap>(bus: EventBus<M>): BusRecorder<M> {
  const events: RecordedEvent<M>[] = [];
  const stop = bus.onAny((topic, payload) => {
    events.push({ topic, payload } as RecordedEvent<M>);
  });
  return {
    events,
    of: <K extends keyof M>(topic: K) =>
      events.filter((event) => event.topic === topic).map((event) => event.payload as M[K]),
    reset: () => {
      events.length = 0;
    },
    stop,
  };
}
